defmodule ShowdownWeb do
  @moduledoc """
  What the app's routers, controllers and templates `use`, as in a Phoenix 1.7 app
  (`use ShowdownWeb, :controller`), without the parts this app has no use for (verified routes,
  LiveView, Gettext).
  """

  def router do
    quote do
      use Phoenix.Router, helpers: false

      import Plug.Conn
      import Phoenix.Controller
    end
  end

  def controller do
    quote do
      use Phoenix.Controller,
        formats: [:html, :json],
        layouts: [html: ShowdownWeb.Layouts]

      import Plug.Conn
    end
  end

  # Templates as functions of their module: each `.html.eex` file beside the module compiles
  # (through phoenix_html's engine, which escapes every <%= %>) into a function of the same name.
  def html do
    quote do
      import Phoenix.Template, only: [embed_templates: 1]
    end
  end

  @doc "Brings in the router, controller or html helpers above."
  defmacro __using__(which) when is_atom(which) do
    apply(__MODULE__, which, [])
  end
end
