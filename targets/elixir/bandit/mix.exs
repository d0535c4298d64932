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

  # Every package of the tree at one exact version: the newest that build on Debian 12's Elixir
  # 1.14.0 and OTP 25 (Bandit 1.12 does not compile on 1.14; hpax 1.0.4 asks for Elixir 1.15),
  # with those the direct ones need listed too, so that the build is the same wherever it is
  # fetched (mix.lock, with Hex's checksums, is written by the first `mix deps.get`). Each pin
  # meets the requirements that the other packages declare, so none needs `override`.
  defp deps do
    [
      {:bandit, "== 1.11.1"},
      # Bandit takes any thousand_island 1.x and hpax 1.x: named here so that they are pinned too.
      {:thousand_island, "== 1.5.0"},
      {:hpax, "== 1.0.3"},
      {:plug, "== 1.19.2"},
      {:jason, "== 1.4.5"},
      # What Bandit needs besides: websock, telemetry; and Plug: mime, plug_crypto.
      {:websock, "== 0.5.3"},
      {:telemetry, "== 1.4.1"},
      {:mime, "== 2.0.7"},
      {:plug_crypto, "== 2.1.1"}
    ]
  end
end
