"""The C CCAM machine: C sources and the cffi builder; ccam/cmachine.py is its Python binding."""
