defmodule ShowdownBandit.Application do
  @moduledoc """
  The bandit target: `ShowdownBandit.Endpoint` (the plug target's router behind a Server header)
  on Bandit, started under the application's supervisor as Bandit's docs show, on $HOST:$PORT
  (`Showdown.Listen`). Bandit's defaults otherwise (Thousand Island's 100 acceptors, HTTP/1.1
  and h2c); `startup_log: false` drops its start line.
  """

  use Application

  @impl true
  def start(_type, _args) do
    children = [
      {Bandit,
       plug: ShowdownBandit.Endpoint,
       scheme: :http,
       ip: Showdown.Listen.ip!("bandit"),
       port: Showdown.Listen.port!("bandit"),
       startup_log: false}
    ]

    Supervisor.start_link(children, strategy: :one_for_one, name: ShowdownBandit.Supervisor)
  end
end
