// The showdown app on ASP.NET Core minimal APIs, as the minimal API docs write one: route
// templates with a regex constraint for the digits, Results for text, JSON (System.Text.Json) and
// bytes, a Razor component page through RazorComponentResult, and Kestrel's own request-body
// limit for the echo. Kestrel sends the Date and Server headers.
using System.Net;
using Microsoft.AspNetCore.Http.HttpResults;
using ShowdownAspNetCore;
using ShowdownAspNetCore.Components;

const int DefaultPort = 8080;
// The scenario contract's cap on an echoed body (docs/scenarios.md, S2): larger bodies get 413.
const long MaxEchoBodyBytes = 40_000_000;
const string TextPlain = "text/plain; charset=utf-8";

var portText = Environment.GetEnvironmentVariable("PORT");
var port = DefaultPort;
if (portText is not null && (!int.TryParse(portText, out port) || port is < 1 or > 65535))
{
    Console.Error.WriteLine($"aspnetcore: PORT is not a port number: {portText}");
    return 2;
}

// HOST: a server agent sets 0.0.0.0, for load from other hosts; the loopback when it is unset.
var hostText = Environment.GetEnvironmentVariable("HOST");
IPAddress host = IPAddress.Loopback;
if (hostText is not null)
{
    if (!IPAddress.TryParse(hostText, out var parsed))
    {
        Console.Error.WriteLine($"aspnetcore: HOST is not an IP address: {hostText}");
        return 2;
    }
    host = parsed;
}

var builder = WebApplication.CreateBuilder(args);
builder.WebHost.ConfigureKestrel(kestrel =>
{
    kestrel.Listen(host, port);
    // Kestrel answers 413 itself once a body passes this, declared or chunked.
    kestrel.Limits.MaxRequestBodySize = MaxEchoBodyBytes;
});
builder.Services.AddRazorComponents();

var app = builder.Build();

// ASP.NET Core's routing prefers literal segments to parameters, so /plaintext is not a /{title}.
app.MapGet("/", () => Results.Text("", TextPlain));
app.MapGet("/plaintext", () => Results.Text("Hello, World!", TextPlain));
app.MapGet("/json", () => Results.Json(new Message("Hello, World!")));
app.MapGet("/echo/hello-world", () => Results.Text("Hello World", TextPlain));
app.MapGet("/echo/plain/{param}", (string param) => Results.Text(param, TextPlain));
app.MapGet("/echo/regex/{param:regex(^[0-9]+$)}", (string param) => Results.Text(param, TextPlain));
app.MapGet("/user/{id}", (string id) => Results.Text(id, TextPlain));
app.MapPost("/user", Echo.Body);
app.MapGet("/{title}", (string title) => new RazorComponentResult<ShowdownPage>(new
{
    Title = title,
    Members = Team.Members,
}));

app.Run();
return 0;

/// <summary>The body of GET /json, serialised by System.Text.Json for each request.</summary>
internal sealed record Message(string message);
