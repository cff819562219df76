"""What a contextual (transformer) encoder would cost per report on this machine, measured.

The attribution targets of issue #4 sit near or above human agreement, and the
models that approach it are fine-tuned transformer encoders. Quote extraction
may add at most 10% to end-to-end time (`throughput.py`). This script times the
forward pass of encoders of given shapes -- by default MiniLM-L6 (6 layers, 384
wide, 12 heads, the smallest widely used sentence encoder) and a 2-layer,
128-wide toy -- on the real lengths of GVC reports (words x 1.3 as wordpieces,
in windows of 128), with numpy float32 matrix products (the machine's BLAS, the
same kind of kernels a CPU inference runtime uses). Weights are random: the cost of a forward
pass does not depend on their values. Compare ``ms_per_report`` with the end-to-end time per
report that `throughput.py` prints (about 190 ms in session 11).

Usage: python bench/encoder_cost.py [--data ../shared/datasets/gvc/docs.jsonl] [--n 100]
The last line printed is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

DEFAULT_DATA = (
    Path(__file__).resolve().parents[1].parent / "shared" / "datasets" / "gvc" / "docs.jsonl"
)
SHAPES = {"minilm_l6": (6, 384, 1536, 12), "tiny_l2": (2, 128, 512, 2)}
WINDOW = 128


class Encoder:
    """A post-norm transformer encoder stack of one shape, random float32 weights."""

    def __init__(self, layers: int, width: int, ffn: int, heads: int) -> None:
        rng = np.random.default_rng(0)
        self.heads = heads
        scale = 1.0 / np.sqrt(width)

        def mat(a: int, b: int) -> np.ndarray:
            return (rng.standard_normal((a, b)) * scale).astype(np.float32)

        self.layers = [
            {
                "qkv": mat(width, 3 * width),
                "o": mat(width, width),
                "f1": mat(width, ffn),
                "f2": mat(ffn, width),
            }
            for _ in range(layers)
        ]

    @staticmethod
    def _norm(x: np.ndarray) -> np.ndarray:
        return (x - x.mean(-1, keepdims=True)) / (x.std(-1, keepdims=True) + 1e-5)

    def forward(self, x: np.ndarray) -> np.ndarray:
        n, width = x.shape
        d = width // self.heads
        for w in self.layers:
            q, k, v = np.split(x @ w["qkv"], 3, axis=1)
            q = q.reshape(n, self.heads, d).transpose(1, 0, 2)
            k = k.reshape(n, self.heads, d).transpose(1, 0, 2)
            v = v.reshape(n, self.heads, d).transpose(1, 0, 2)
            att = q @ k.transpose(0, 2, 1) / float(np.sqrt(d))
            att = np.exp(att - att.max(-1, keepdims=True))
            att /= att.sum(-1, keepdims=True)
            x = self._norm(x + (att @ v).transpose(1, 0, 2).reshape(n, width) @ w["o"])
            x = self._norm(x + np.maximum(x @ w["f1"], 0.0) @ w["f2"])
        return x


def report_lengths(path: Path, n: int) -> list[int]:
    """Wordpieces per report (words x 1.3) of the first ``n`` GVC reports."""
    if not path.is_file():
        sys.exit(f"encoder_cost: {path} not found: pass --data pointing at GVC's docs.jsonl")
    out = []
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            doc = json.loads(line)
            words = len(f"{doc.get('title') or ''} {doc.get('content') or ''}".split())
            out.append(max(1, round(words * 1.3)))
            if len(out) >= n:
                break
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="GVC docs.jsonl")
    parser.add_argument("--n", type=int, default=100, help="reports to time")
    args = parser.parse_args()
    lengths = report_lengths(args.data, args.n)
    result: dict[str, object] = {
        "n_reports": len(lengths),
        "mean_wordpieces": round(sum(lengths) / len(lengths), 1),
    }
    for name, shape in SHAPES.items():
        enc = Encoder(*shape)
        width = shape[1]
        rng = np.random.default_rng(1)
        enc.forward(rng.standard_normal((WINDOW, width)).astype(np.float32))  # warm-up
        cpu0, t0 = time.process_time(), time.perf_counter()
        for length in lengths:
            for start in range(0, length, WINDOW):
                size = min(WINDOW, length - start)
                enc.forward(rng.standard_normal((size, width)).astype(np.float32))
        wall = (time.perf_counter() - t0) / len(lengths)
        cpu = (time.process_time() - cpu0) / len(lengths)
        print(f"{name}: {wall * 1000:.1f} ms per report (CPU {cpu * 1000:.1f} ms)")
        result[f"{name}_ms_per_report"] = round(wall * 1000, 1)
        result[f"{name}_cpu_ms_per_report"] = round(cpu * 1000, 1)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
