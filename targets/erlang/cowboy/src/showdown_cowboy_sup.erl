%% The application's top supervisor. It supervises nothing of its own: Ranch supervises the
%% listener and its connections.
-module(showdown_cowboy_sup).
-behaviour(supervisor).

-export([start_link/0, init/1]).

start_link() ->
    supervisor:start_link({local, ?MODULE}, ?MODULE, []).

init([]) ->
    {ok, {#{strategy => one_for_one, intensity => 1, period => 5}, []}}.
