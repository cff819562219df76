"""``python -m crosswire``: the same command line as the ``crosswire`` script.

Useful where the script's directory is not on ``PATH`` (a venv used without
activating it, a source checkout).
"""

from crosswire.cli import main

if __name__ == "__main__":
    main()
