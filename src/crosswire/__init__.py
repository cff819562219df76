"""crosswire: many news reports about a crisis, one cross-checked, sourced picture."""

from crosswire.errors import CrosswireError

__all__ = ["CrosswireError", "__version__"]

__version__ = "0.1.0"
