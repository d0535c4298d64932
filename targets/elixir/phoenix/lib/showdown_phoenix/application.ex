defmodule ShowdownPhoenix.Application do
  @moduledoc "Starts the endpoint, which starts Bandit (config/config.exs), under the app's supervisor."

  use Application

  @impl true
  def start(_type, _args) do
    Supervisor.start_link([ShowdownWeb.Endpoint],
      strategy: :one_for_one,
      name: ShowdownPhoenix.Supervisor
    )
  end
end
