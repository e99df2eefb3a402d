"""The ``referee`` command line."""
