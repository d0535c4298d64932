namespace ShowdownAspNetCore;

/// <summary>POST /user: the request's body, byte for byte, with its Content-Type.</summary>
internal static class Echo
{
    public static async Task<IResult> Body(HttpRequest request)
    {
        using var body = new MemoryStream();
        try
        {
            await request.Body.CopyToAsync(body, request.HttpContext.RequestAborted);
        }
        catch (BadHttpRequestException e) when (e.StatusCode == StatusCodes.Status413PayloadTooLarge)
        {
            // Kestrel's MaxRequestBodySize, reached while reading a chunked body.
            return Results.Text("Request Entity Too Large", "text/plain; charset=utf-8", statusCode: e.StatusCode);
        }
        return Results.Bytes(body.ToArray(), request.ContentType ?? "application/octet-stream");
    }
}
