defmodule Showdown.HTMLEngine do
  @moduledoc """
  An EEx engine that HTML-escapes what every `<%= %>` outputs, built as EEx's docs show: each
  callback delegates to EEx's default `EEx.Engine`, `@assigns` go through
  `EEx.Engine.handle_assign/1`, and the `=` marker is wrapped. The escaping is Plug's
  (`Plug.HTML.html_escape/1`).

  A template, and each `do` block inside one, renders to `{:safe, html}`, which is output as it
  is: a partial, a `for` over partials and the layout's inner content are not escaped twice.
  """

  @behaviour EEx.Engine

  @impl true
  defdelegate init(opts), to: EEx.Engine

  @impl true
  def handle_body(state), do: quote(do: {:safe, unquote(EEx.Engine.handle_body(state))})

  @impl true
  defdelegate handle_text(state, meta, text), to: EEx.Engine

  @impl true
  defdelegate handle_begin(state), to: EEx.Engine

  @impl true
  def handle_end(state), do: quote(do: {:safe, unquote(EEx.Engine.handle_end(state))})

  @impl true
  def handle_expr(state, "=", expr) do
    html = quote(do: Showdown.HTMLEngine.to_html(unquote(with_assigns(expr))))
    EEx.Engine.handle_expr(state, "=", html)
  end

  def handle_expr(state, marker, expr) do
    EEx.Engine.handle_expr(state, marker, with_assigns(expr))
  end

  defp with_assigns(expr), do: Macro.prewalk(expr, &EEx.Engine.handle_assign/1)

  @doc "What an output tag writes: safe HTML as it is, lists item by item, anything else escaped."
  @spec to_html(term()) :: String.t()
  def to_html({:safe, html}), do: html
  def to_html(items) when is_list(items), do: Enum.map_join(items, &to_html/1)
  def to_html(value), do: Plug.HTML.html_escape(to_string(value))
end
