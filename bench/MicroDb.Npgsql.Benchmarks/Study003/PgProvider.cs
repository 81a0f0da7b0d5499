namespace MicroDb.Npgsql.Benchmarks.Study003;

/// <summary>The .NET ways to reach the same PostgreSQL server, side by side (study 003's provider comparison, on Npgsql).</summary>
public enum PgProvider
{
    /// <summary>Hand-written Npgsql: prepared commands kept for the run, typed parameters reused, typed getters.</summary>
    RawNpgsql,

    /// <summary>MicroDb.Npgsql with the generated map.</summary>
    MicroDbGenerated,

    /// <summary>MicroDb.Npgsql with the reflection map.</summary>
    MicroDbReflection,

    /// <summary>Dapper over Npgsql, used the ordinary way (SQL text and an anonymous parameter object per call).</summary>
    Dapper,
}
