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

  # Every package of the tree at one exact version: the newest that build on Debian 12's Elixir
  # 1.14.0 and OTP 25 (Phoenix 1.8 and hpax 1.0.4 ask for Elixir 1.15, Bandit 1.12 does not
  # compile on 1.14, Phoenix 1.7 takes websock_adapter 0.5.x only), with those the direct ones
  # need listed too, so that the build is the same wherever it is fetched (mix.lock, with Hex's
  # checksums, is written by the first `mix deps.get`). Each pin meets the requirements that the
  # other packages declare, so none needs `override`. Bandit is the server that Phoenix 1.7's
  # generator puts in a new app.
  defp deps do
    [
      {:phoenix, "== 1.7.24"},
      # Used directly: Phoenix.Template.embed_templates/1 and the escaping .html.eex engine.
      {:phoenix_template, "== 1.0.4"},
      {:phoenix_html, "== 4.3.0"},
      {:bandit, "== 1.11.1"},
      # Bandit takes any thousand_island 1.x and hpax 1.x: named here so that they are pinned too.
      {:thousand_island, "== 1.5.0"},
      {:hpax, "== 1.0.3"},
      {:plug, "== 1.19.2"},
      {:jason, "== 1.4.5"},
      # What Phoenix needs besides: phoenix_pubsub, websock_adapter (and its websock), castore,
      # telemetry; and Plug: mime, plug_crypto.
      {:phoenix_pubsub, "== 2.2.0"},
      {:websock_adapter, "== 0.5.9"},
      {:websock, "== 0.5.3"},
      {:castore, "== 1.0.19"},
      {:telemetry, "== 1.4.1"},
      {:mime, "== 2.0.7"},
      {:plug_crypto, "== 2.1.1"}
    ]
  end
end
