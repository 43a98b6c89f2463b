"""Wartime Simulator: a tactical battlefield simulator for WARTIME THE GAME."""

import os

# One BLAS/OpenMP thread, set before numpy is first imported through this package
# (the pools read these variables when they load).  The engine's and geometry's
# matrices are small: a second thread saves nothing on them, and on a shared
# 2-core machine whose other core is busy it made cover up to 14× slower, waiting
# for that core.  A value the user has set is kept; so is a numpy already loaded.
for _pool in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_pool, "1")
del _pool

__version__ = "0.1.0"
