defmodule ShowdownBandit.MixProject do
  use Mix.Project

  def project do
    [
      app: :showdown_bandit,
      version: "1.0.0",
      elixir: "~> 1.14",
      # lib/ starts Bandit; ../plug/lib/showdown is the Plug app that the plug target serves on
      # Cowboy (the same router, so the two targets differ only in the server); ../common holds the
      # modules every Elixir target shares, which need only OTP and Elixir. Mix takes a folder
      # outside the project only as an absolute path.
      elixirc_paths: [
        "lib",
        Path.expand("../plug/lib/showdown", __DIR__),
        Path.expand("../common", __DIR__)
      ],
      start_permanent: Mix.env() == :prod,
      deps: deps(),
      releases: [showdown_bandit: [include_executables_for: [:unix]]]
    ]
  end

  def application do
    [mod: {ShowdownBandit.Application, []}, extra_applications: [:logger]]
  end

  # Exact versions: the newest that build on Debian 12's Elixir 1.14.0 and OTP 25 (Bandit 1.12
  # needs a newer Elixir). The rest of the tree (websock, telemetry, and Plug's mime, plug_crypto
  # and telemetry) is pinned by mix.lock, which the first `mix deps.get` writes and which is then
  # committed.
  defp deps do
    [
      {:bandit, "== 1.11.1"},
      # Bandit takes any thousand_island 1.x and hpax 1.x: named here so that they are pinned too.
      {:thousand_island, "== 1.5.0"},
      {:hpax, "== 1.0.3"},
      {:plug, "== 1.19.2"},
      {:jason, "== 1.4.4"}
    ]
  end
end
