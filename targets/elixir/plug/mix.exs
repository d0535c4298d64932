defmodule ShowdownPlug.MixProject do
  use Mix.Project

  def project do
    [
      app: :showdown_plug,
      version: "1.0.0",
      elixir: "~> 1.14",
      # lib/ holds the Plug app (lib/showdown, which the bandit target serves too) and its start;
      # ../common the modules every Elixir target shares, which need only OTP and Elixir. Mix
      # takes a folder outside the project only as an absolute path.
      elixirc_paths: ["lib", Path.expand("../common", __DIR__)],
      start_permanent: Mix.env() == :prod,
      deps: deps(),
      releases: [showdown_plug: [include_executables_for: [:unix]]]
    ]
  end

  def application do
    [mod: {ShowdownPlug.Application, []}, extra_applications: [:logger]]
  end

  # Every package of the tree at one exact version: the newest that build on Debian 12's Elixir
  # 1.14.0 and OTP 25, but for Cowboy and ranch (below), with those the direct ones need listed
  # too, so that the build is the same wherever it is fetched (mix.lock, with Hex's checksums, is
  # written by the first `mix deps.get`). Each pin meets the requirements that the other packages
  # declare, so none needs `override`.
  defp deps do
    [
      {:plug, "== 1.19.2"},
      {:plug_cowboy, "== 2.7.5"},
      # plug_cowboy takes any Cowboy 2.x, and Cowboy any ranch from 1.8 to 2.x: named here so that
      # they are pinned too. ranch 1.8.1 is the one Cowboy's own build uses. Cowboy 2.18.0 needs
      # cowlib 2.19.0, a pair not yet built and verified with this app.
      {:cowboy, "== 2.17.0"},
      {:cowlib, "== 2.18.0"},
      {:ranch, "== 1.8.1"},
      {:jason, "== 1.4.5"},
      # What Plug needs: mime, plug_crypto, telemetry; and plug_cowboy: cowboy_telemetry.
      {:mime, "== 2.0.7"},
      {:plug_crypto, "== 2.1.1"},
      {:telemetry, "== 1.4.1"},
      {:cowboy_telemetry, "== 0.4.0"}
    ]
  end
end
