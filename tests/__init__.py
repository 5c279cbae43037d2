"""The test suite as a package, so that each helper module has one name wherever it is
imported from (the test files, tools/, mypy): ``tests.scenario``, ``tests.playouts`` …"""
