defmodule Showdown.Page do
  @moduledoc """
  The data behind the phoenix-showdown page (docs/scenarios.md, S3): the title is the request's
  path segment, and every page lists the same team, one member partial per record.
  """

  @members Enum.map(
             ["Chris McCord", "Matt Sears", "David Stump", "Ricardo Thompson"],
             &%{name: &1}
           )

  @doc "The team members, maps with a `:name`, in the order the page lists them."
  @spec members() :: [%{name: String.t()}]
  def members, do: @members
end
