namespace ShowdownAspNetCore;

/// <summary>One record given to the member partial.</summary>
public sealed record Member(string Name);

/// <summary>The team rendered on every page.</summary>
internal static class Team
{
    public static readonly IReadOnlyList<Member> Members =
    [
        new("Chris McCord"),
        new("Matt Sears"),
        new("David Stump"),
        new("Ricardo Thompson"),
    ];
}
