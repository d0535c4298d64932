defmodule Showdown.Digits do
  @moduledoc """
  The constraint of `GET /echo/regex/{param}` (docs/scenarios.md, S1): the segment must match
  `^[0-9]+$`. Neither Plug.Router nor Phoenix.Router has regex routes, so each router checks its
  capture with this and answers 404 like an unmatched route when it fails.
  """

  @doc "Whether the (decoded) path segment is one or more ASCII digits."
  @spec digits?(String.t()) :: boolean()
  def digits?(segment), do: segment != "" and all_digits?(segment)

  defp all_digits?(<<digit, rest::binary>>) when digit in ?0..?9, do: all_digits?(rest)
  defp all_digits?(<<>>), do: true
  defp all_digits?(_), do: false
end
