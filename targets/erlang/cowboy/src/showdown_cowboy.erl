%% The entry point that target.yaml starts (`erl ... -s showdown_cowboy start`): starts the
%% application and its dependencies, and turns a failed start into one line and exit status 2
%% instead of an Erlang crash report and a node that stays up serving nothing.
-module(showdown_cowboy).

-export([start/0]).

start() ->
    case application:ensure_all_started(showdown_cowboy) of
        {ok, _Started} ->
            ok;
        {error, {App, Reason}} ->
            io:format(standard_error, "cowboy: cannot start ~p: ~p~n", [App, Reason]),
            erlang:halt(2)
    end.
