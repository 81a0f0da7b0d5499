using MicroDb.Conformance.Query;

namespace MicroDb.Conformance;

/// <summary>
/// The LINQ query tests, part of the conformance suite so they run on every mapping path. Each test that touches
/// <see cref="QueryDb"/> gets a fresh database with a random but reproducible <see cref="QueryItem"/> table, and
/// <see cref="QueryRows"/> holds the same rows for LINQ-to-Objects to compare against. The seed is in every failure message.
/// </summary>
public abstract partial class ConformanceSuite
{
    protected const int QuerySeed = 20261121;
    protected const int QueryRowCount = 300;

    private MicroDbConnection? _queryDb;
    private List<QueryItem>? _queryRows;
    private string? _queryDirectory;

    protected MicroDbConnection QueryDb
    {
        get
        {
            EnsureQueryData();
            return _queryDb!;
        }
    }

    protected List<QueryItem> QueryRows
    {
        get
        {
            EnsureQueryData();
            return _queryRows!;
        }
    }

    protected static string Describe(string sql) => $"seed {QuerySeed}; SQL: {sql}";

    private void EnsureQueryData()
    {
        // One data set per test: the suite gives every test its own directory.
        if (_queryDb is not null && _queryDirectory == _directory)
        {
            return;
        }

        _queryDirectory = _directory;
        _queryDb = OpenWith<QueryItem>();
        _queryRows = QueryData.Generate(QuerySeed, QueryRowCount);
        _queryDb.InsertAll(_queryRows);
    }
}
