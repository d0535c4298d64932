defmodule ShowdownPhoenix.MixProject do
  use Mix.Project

  def project do
    [
      app: :showdown_phoenix,
      version: "1.0.0",
      elixir: "~> 1.14",
      # lib/ is the Phoenix app; ../common holds the modules every Elixir target shares, which
      # need only OTP and Elixir. Mix takes a folder outside the project only as an absolute path.
      elixirc_paths: ["lib", Path.expand("../common", __DIR__)],
      start_permanent: Mix.env() == :prod,
      deps: deps(),
      releases: [showdown_phoenix: [include_executables_for: [:unix]]]
    ]
  end

  def application do
    [mod: {ShowdownPhoenix.Application, []}, extra_applications: [:logger]]
  end

  # Exact versions: the newest that build on Debian 12's Elixir 1.14.0 and OTP 25 (Phoenix 1.8
  # needs Elixir 1.15, Bandit 1.12 a newer one too). Bandit is the server that Phoenix 1.7's
  # generator puts in a new app. The rest of the tree (phoenix_pubsub, websock_adapter, websock,
  # castore, mime, plug_crypto, telemetry) is pinned by mix.lock, which the first `mix deps.get`
  # writes and which is then committed.
  defp deps do
    [
      {:phoenix, "== 1.7.24"},
      # Used directly: Phoenix.Template.embed_templates/1 and the escaping .html.eex engine.
      {:phoenix_template, "== 1.0.4"},
      {:phoenix_html, "== 4.2.1"},
      {:bandit, "== 1.11.1"},
      # Bandit takes any thousand_island 1.x and hpax 1.x: named here so that they are pinned too.
      {:thousand_island, "== 1.5.0"},
      {:hpax, "== 1.0.3"},
      {:plug, "== 1.19.2"},
      {:jason, "== 1.4.4"}
    ]
  end
end
