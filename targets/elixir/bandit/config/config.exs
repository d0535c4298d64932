import Config

# Production logging: warnings and errors only. Nothing logs per request: no Plug.Logger is
# plugged, and Bandit is started with startup_log: false.
config :logger, level: :warning
