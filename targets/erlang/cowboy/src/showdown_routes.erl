%% The routes, in Cowboy's router syntax. Cowboy tries them in order and takes the first that
%% matches, so the fixed paths come before "/:title". The digits route uses a Cowboy constraint
%% (digits/2 below), the router's own way to restrict a binding: a value that fails it makes the
%% route not match, and the request goes on to the routes after it. The last route matches every
%% path: its 404 carries a Content-Type, which the router's own 404 (an empty reply) has not.
-module(showdown_routes).

-export([routes/0, digits/2]).

routes() ->
    [{'_', [
        {"/", text_handler, <<>>},
        {"/plaintext", text_handler, <<"Hello, World!">>},
        {"/json", json_handler, #{}},
        {"/echo/hello-world", text_handler, <<"Hello World">>},
        {"/echo/plain/:param", binding_handler, param},
        {"/echo/regex/:param", [{param, fun ?MODULE:digits/2}], binding_handler, param},
        {"/user/:id", binding_handler, id},
        {"/user", echo_handler, #{}},
        {"/:title", page_handler, #{}},
        {'_', not_found_handler, #{}}
    ]}].

%% A Cowboy constraint function: `forward` checks a binding taken from a request, `reverse` one
%% given to build a path, `format_error` describes a failure.
digits(forward, Value) when is_binary(Value) ->
    case re:run(Value, "^[0-9]+$", [{capture, none}]) of
        match -> {ok, Value};
        nomatch -> {error, not_digits}
    end;
digits(reverse, Value) ->
    digits(forward, Value);
digits(format_error, {not_digits, Value}) ->
    io_lib:format("The value ~p is not made of the digits 0-9 only.", [Value]).
