"""gunicorn's settings for the Flask app, read from the working directory (the serve script)."""

import os

wsgi_app = "app:app"
# HOST: a server agent sets 0.0.0.0, for load from other hosts.
bind = f"{os.environ.get('HOST') or '127.0.0.1'}:{os.environ.get('PORT', '8080')}"
# One worker process per CPU given: each runs Python's one interpreter lock, so one per CPU is as
# much parallel Python as the CPUs hold.
workers = int(os.environ.get("CPUS", "1"))
# gthread, not the default sync worker: sync workers close the connection after every response
# (no keep-alive) and expect a buffering proxy in front; gthread keeps connections alive in its
# poller and runs requests on a small pool of threads.
worker_class = "gthread"
# Two threads a worker, the low end of gunicorn's 2-4 x cores for threads: under the interpreter
# lock more threads add switches, not throughput (one CPU, wrk -c50: 2 and 4 threads took the same
# CPU per request within the noise, 1 thread slightly more).
threads = 2
# Imports the app once in the arbiter; the workers fork with it loaded.
preload_app = True
accesslog = None
loglevel = "warning"
