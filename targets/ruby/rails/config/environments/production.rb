# Rails' own production settings, trimmed to what an app without a database or assets uses.
Rails.application.configure do
  config.cache_classes = true
  config.eager_load = true
  config.consider_all_requests_local = false
  config.action_controller.perform_caching = true
  config.public_file_server.enabled = false

  # Warnings and worse, to standard output (no log/ folder to fill up).
  config.log_level = :warn
  config.logger = ActiveSupport::Logger.new($stdout)
  config.active_support.report_deprecations = false if config.active_support.respond_to?(:report_deprecations=)

  # The app keeps no sessions worth protecting; a per-boot key when none is given. Puma preloads
  # the app before it forks, so every worker shares it.
  config.secret_key_base = ENV.fetch('SECRET_KEY_BASE') { SecureRandom.hex(64) }
end
