%% Erlang helper of the mist app, called from Gleam through @external (showdown_mist.gleam).
-module(showdown_mist_ffi).

-export([is_bindable/1]).

%% True for what `mist.bind` takes: "localhost", or an IPv4 or IPv6 address.
is_bindable(<<"localhost">>) ->
    true;
is_bindable(Host) ->
    element(1, inet:parse_address(unicode:characters_to_list(Host))) =:= ok.
