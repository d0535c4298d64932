defmodule ShowdownPlug.Application do
  @moduledoc """
  The plug target: the showdown router (`Showdown.Router`, shared with the bandit target) on Cowboy
  through plug_cowboy, as plug_cowboy's docs start it under the application's supervisor, on
  $HOST:$PORT (`Showdown.Listen`). Cowboy's defaults otherwise (100 acceptors, its own Date and
  Server headers).
  """

  use Application

  @impl true
  def start(_type, _args) do
    children = [
      {Plug.Cowboy,
       scheme: :http,
       plug: Showdown.Router,
       options: [ip: Showdown.Listen.ip!("plug"), port: Showdown.Listen.port!("plug")]}
    ]

    Supervisor.start_link(children, strategy: :one_for_one, name: ShowdownPlug.Supervisor)
  end
end
