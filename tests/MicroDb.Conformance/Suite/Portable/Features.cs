namespace MicroDb.Conformance.Portable;

/// <summary>The features a portable body may need that a database can lack for now (<c>PortableSuite.Lacks</c>).</summary>
public static class Features
{
    /// <summary>GroupBy over a join's rows.</summary>
    public const string GroupOverJoin = "GroupBy over a join";

    /// <summary>RightJoin (.NET 10's).</summary>
    public const string RightJoin = "RightJoin";

    /// <summary>Sum, Min, Max or Average of another table inside a lambda (a scalar sub-query).</summary>
    public const string AggregateSubquery = "an aggregate sub-query";
}
