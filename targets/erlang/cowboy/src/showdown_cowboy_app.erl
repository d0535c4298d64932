%% The application: one Cowboy listener for clear-text HTTP/1.1 on $HOST:$PORT (127.0.0.1 and
%% 8080 when unset; a server agent sets HOST=0.0.0.0, for load from other hosts), routed by
%% showdown_routes, as Cowboy's getting-started guide starts one.
-module(showdown_cowboy_app).
-behaviour(application).

-export([start/2, stop/1]).

-define(LISTENER, showdown_http).
-define(DEFAULT_PORT, 8080).

start(_Type, _Args) ->
    Ip = ip(os:getenv("HOST")),
    Port = port(os:getenv("PORT")),
    ok = showdown_page:load(),
    Dispatch = cowboy_router:compile(showdown_routes:routes()),
    %% Ranch starts one acceptor per scheduler, so the acceptors follow +S (CPUS in target.yaml).
    TransportOpts = #{socket_opts => [{ip, Ip}, {port, Port}],
                      num_acceptors => erlang:system_info(schedulers_online)},
    {ok, _} = cowboy:start_clear(?LISTENER, TransportOpts, #{env => #{dispatch => Dispatch}}),
    showdown_cowboy_sup:start_link().

stop(_State) ->
    ok = cowboy:stop_listener(?LISTENER).

ip(false) ->
    {127, 0, 0, 1};
ip(Text) ->
    case inet:parse_address(Text) of
        {ok, Ip} -> Ip;
        {error, _} -> exit({bad_host, Text})
    end.

port(false) ->
    ?DEFAULT_PORT;
port(Text) ->
    case string:to_integer(Text) of
        {Port, ""} when Port > 0, Port < 65536 -> Port;
        _ -> exit({bad_port, Text})
    end.
