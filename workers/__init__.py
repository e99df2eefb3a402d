"""RQ jobs, the report store, the worker entry point and the project's own Redis server."""
