"""Declare the Cython extensions; all metadata lives in pyproject.toml.

Every ``src/pokerfsm/**/_*.pyx`` file becomes an extension module. Set
``POKERFSM_CYTHON_DEBUG=1`` to turn bounds and wraparound checks back on when
hunting a crash.
"""
import os
import sys
from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup

DEBUG = os.environ.get("POKERFSM_CYTHON_DEBUG") == "1"

DIRECTIVES = {
    "language_level": 3,
    "boundscheck": DEBUG,
    "wraparound": DEBUG,
    "cdivision": True,
    "initializedcheck": DEBUG,
    "embedsignature": True,
}

if sys.platform == "win32":
    COMPILE_ARGS, LINK_ARGS = ["/O2", "/openmp"], []
elif sys.platform == "darwin":  # Apple clang ships no OpenMP: kernels run single-threaded there.
    COMPILE_ARGS, LINK_ARGS = ["-O3"], []
else:
    COMPILE_ARGS, LINK_ARGS = ["-O3", "-fopenmp"], ["-fopenmp"]
if DEBUG:
    COMPILE_ARGS = [a for a in COMPILE_ARGS if not a.startswith("-O")] + ["-O0", "-g"]


def extensions():
    root = Path("src")
    for pyx in sorted(root.rglob("_*.pyx")):
        module = ".".join(pyx.relative_to(root).with_suffix("").parts)
        yield Extension(
            module,
            [str(pyx)],
            extra_compile_args=COMPILE_ARGS,
            extra_link_args=LINK_ARGS,
            define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
        )


setup(
    ext_modules=cythonize(
        list(extensions()),
        compiler_directives=DIRECTIVES,
        include_path=["src"],
    ),
)
