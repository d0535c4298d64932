%% The application: one Cowboy listener for clear-text HTTP/1.1 on 127.0.0.1:$PORT (8080 when
%% PORT is unset), routed by showdown_routes, as Cowboy's getting-started guide starts one.
-module(showdown_cowboy_app).
-behaviour(application).

-export([start/2, stop/1]).

-define(LISTENER, showdown_http).
-define(DEFAULT_PORT, 8080).

start(_Type, _Args) ->
    Port = port(os:getenv("PORT")),
    ok = showdown_page:load(),
    Dispatch = cowboy_router:compile(showdown_routes:routes()),
    %% Ranch starts one acceptor per scheduler, so the acceptors follow +S (CPUS in target.yaml).
    TransportOpts = #{socket_opts => [{ip, {127, 0, 0, 1}}, {port, Port}],
                      num_acceptors => erlang:system_info(schedulers_online)},
    {ok, _} = cowboy:start_clear(?LISTENER, TransportOpts, #{env => #{dispatch => Dispatch}}),
    showdown_cowboy_sup:start_link().

stop(_State) ->
    ok = cowboy:stop_listener(?LISTENER).

port(false) ->
    ?DEFAULT_PORT;
port(Text) ->
    case string:to_integer(Text) of
        {Port, ""} when Port > 0, Port < 65536 -> Port;
        _ -> exit({bad_port, Text})
    end.
