defmodule ShowdownWeb.Router do
  @moduledoc """
  The routes of the scenario contract. Phoenix tries them in the order they are written, so the
  static ones come before `/:title`; a request that none matches gets ErrorHTML's 404. Path
  parameters arrive decoded. Only the page goes through a pipeline: `:accepts` sets the format
  that `render/3` needs.
  """

  use ShowdownWeb, :router

  pipeline :browser do
    plug :accepts, ["html"]
  end

  scope "/", ShowdownWeb do
    get "/", HelloController, :empty
    get "/plaintext", HelloController, :plaintext
    get "/json", HelloController, :message

    get "/echo/hello-world", EchoController, :hello_world
    get "/echo/plain/:param", EchoController, :plain
    get "/echo/regex/:digits", EchoController, :digits

    get "/user/:id", UserController, :show
    post "/user", UserController, :echo
  end

  scope "/", ShowdownWeb do
    pipe_through :browser

    get "/:title", PageController, :showdown
  end
end
