defmodule Showdown.Listen do
  @moduledoc """
  Where a target listens (docs/targets.md): the address in the HOST environment variable
  (127.0.0.1 when it is unset; a server agent sets 0.0.0.0, for load from other hosts) and the
  port in PORT, 8080 when it is unset.
  """

  @default_port 8080

  @default_ip {127, 0, 0, 1}

  @doc "The address from a HOST value (127.0.0.1 when unset) as `:inet` takes it, or why not."
  @spec ip(String.t() | nil) :: {:ok, :inet.ip_address()} | {:error, String.t()}
  def ip(nil), do: {:ok, @default_ip}

  def ip(value) do
    case :inet.parse_address(String.to_charlist(value)) do
      {:ok, address} -> {:ok, address}
      {:error, _} -> {:error, "HOST is not an IP address: #{inspect(value)}"}
    end
  end

  @doc """
  The address from the HOST environment variable; otherwise prints one line naming the app to
  stderr and stops the VM with exit code 2.
  """
  @spec ip!(String.t()) :: :inet.ip_address()
  def ip!(app), do: ok!(app, ip(System.get_env("HOST")))

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
  def port!(app), do: ok!(app, port(System.get_env("PORT")))

  defp ok!(_app, {:ok, value}), do: value

  defp ok!(app, {:error, message}) do
    IO.puts(:stderr, "#{app}: #{message}")
    System.halt(2)
  end
end
