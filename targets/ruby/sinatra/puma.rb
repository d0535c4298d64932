# Puma as Sinatra apps run it in production: one worker process per CPU given (CPUS), 1 to 16
# threads each, the app loaded once before forking, no request log.
require 'etc'

DEFAULT_HOST = '127.0.0.1'
DEFAULT_PORT = 8080
MIN_THREADS = 1
MAX_THREADS = 16

environment 'production'
workers Integer(ENV.fetch('CPUS', Etc.nprocessors))
threads MIN_THREADS, MAX_THREADS
preload_app!
# HOST: a server agent sets 0.0.0.0, for load from other hosts.
bind "tcp://#{ENV.fetch('HOST', DEFAULT_HOST)}:#{Integer(ENV.fetch('PORT', DEFAULT_PORT))}"
rackup File.join(__dir__, 'config.ru')
quiet
