defmodule Showdown.Listen do
  @moduledoc """
  Where a target listens (docs/targets.md): 127.0.0.1 and the port in the PORT environment
  variable, 8080 when it is unset.
  """

  @default_port 8080

  @doc "The address to listen on, as `:inet` takes it."
  @spec ip() :: :inet.ip4_address()
  def ip, do: {127, 0, 0, 1}

  @doc "The port from a PORT value (nil when unset), or why it is not one."
  @spec port(String.t() | nil) :: {:ok, :inet.port_number()} | {:error, String.t()}
  def port(nil), do: {:ok, @default_port}

  def port(value) do
    case Integer.parse(value) do
      {port, ""} when port in 1..65_535 -> {:ok, port}
      _ -> {:error, "PORT is not a port number: #{inspect(value)}"}
    end
  end

  @doc """
  The port from the PORT environment variable; otherwise prints one line naming the app to
  stderr and stops the VM with exit code 2 (a user's error, not a crash to report).
  """
  @spec port!(String.t()) :: :inet.port_number()
  def port!(app) do
    case port(System.get_env("PORT")) do
      {:ok, port} ->
        port

      {:error, message} ->
        IO.puts(:stderr, "#{app}: #{message}")
        System.halt(2)
    end
  end
end
