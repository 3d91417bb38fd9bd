"""Only here for cffi_modules, which pyproject metadata cannot express."""

from setuptools import setup

setup(cffi_modules=["ccam_c/build_ccam.py:ffibuilder"])
