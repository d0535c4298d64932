defmodule Showdown.BodyLimit do
  @moduledoc """
  The scenario contract's cap on an echoed body (docs/scenarios.md, S2): a `POST /user` body of more
  than 40,000,000 bytes is answered 413. A declared Content-Length over the cap is refused before a
  byte is read; a chunked body is read up to one byte past the cap, which is enough to tell.
  """

  @max_bytes 40_000_000

  @doc "The largest body that is echoed, in bytes."
  @spec max_bytes() :: pos_integer()
  def max_bytes, do: @max_bytes

  @doc """
  How many bytes to ask the server adapter for: one past the cap, so that a body that stops at the
  cap reads whole and a longer one shows itself by its size (or by the adapter saying there is more).
  """
  @spec read_length() :: pos_integer()
  def read_length, do: @max_bytes + 1

  @doc "Whether a body of `size` bytes is over the cap."
  @spec over?(non_neg_integer()) :: boolean()
  def over?(size), do: size > @max_bytes

  @doc """
  Whether a Content-Length header value (nil when the request has none, as a chunked one) declares a
  body over the cap. A value that is not a number is left to the server, which rejects it.
  """
  @spec declared_over?(String.t() | nil) :: boolean()
  def declared_over?(nil), do: false

  def declared_over?(content_length) do
    case Integer.parse(content_length) do
      {size, ""} -> over?(size)
      _ -> false
    end
  end
end
