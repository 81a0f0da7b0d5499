using Dapper;
using MicroDb.Benchmarks.Headline;
using MicroDb.Mapping;
using MicroDb.Npgsql.Benchmarks.Models;
using Npgsql;

namespace MicroDb.Npgsql.Benchmarks.Crud;

/// <summary>
/// Issue 24's LINQ lookup, in the interleaved CRUD group: <c>db.Table&lt;T&gt;().Where(x =&gt; x.Id == id).FirstOrDefault()</c>
/// and <c>Where(x =&gt; x.Email == email)</c> on <c>pg_lookup</c> (1,000 rows, unique index on Email), every call its own
/// autocommitted statement. The baseline is the best hand-written Npgsql running the very SQL MicroDb runs (taken from
/// <c>ToSqlString</c>): one prepared command, a reused <see cref="NpgsqlParameter{T}"/>, typed GetFieldValue reads.
/// </summary>
public static class LookupCases
{
    /// <summary>Case names.</summary>
    public const string ByKey = "LINQ lookup by key (per call)", ByEmail = "LINQ lookup by unique text (per call)";

    /// <summary>Runs the two cases.</summary>
    /// <param name="runner">The runner.</param>
    /// <param name="source">The server.</param>
    /// <param name="results">Where measurements go.</param>
    public static void Run(BenchRunner runner, NpgsqlDataSource source, List<Measurement> results)
    {
        using (var setup = new MicroDbNpgsqlConnection(source, MappingMode.Reflection))
        {
            setup.Execute("DROP TABLE IF EXISTS pg_lookup");
            setup.CreateTable<PgLookupRow>();
            setup.BulkInsert(Enumerable.Range(0, CrudCases.Seed).Select(i => new PgLookupRow { Email = Email(i + 1), Name = "name " + i }));
            setup.Execute("VACUUM ANALYZE pg_lookup");
        }

        using var generated = new MicroDbNpgsqlConnection(source, MappingMode.Generated);
        using var reflection = new MicroDbNpgsqlConnection(source, MappingMode.Reflection);
        using var dapper = source.OpenConnection();

        // The SQL MicroDb runs for each lookup (FirstOrDefault takes one row), run as it is by the raw side.
        long sampleId = 1;
        var sampleEmail = Email(1);
        var byKeySql = generated.Table<PgLookupRow>().Where(x => x.Id == sampleId).Take(1).ToSqlString();
        var byEmailSql = generated.Table<PgLookupRow>().Where(x => x.Email == sampleEmail).Take(1).ToSqlString();
        Console.WriteLine(byKeySql);
        Console.WriteLine(byEmailSql);
        using var raw = new RawLookup(source, byKeySql, byEmailSql);
        var dapperByKey = byKeySql.Replace("$1", "@id", StringComparison.Ordinal);
        var dapperByEmail = byEmailSql.Replace("$1", "@email", StringComparison.Ordinal);

        var emails = Enumerable.Range(1, CrudCases.Seed).Select(Email).ToArray();
        var sides = new Dictionary<string, List<Side>> { [ByKey] = [], [ByEmail] = [] };
        Add(sides, "hand-written Npgsql (prepared, typed)", SideRole.HandWritten, emails, raw.ByKey, raw.ByEmail);
        Add(sides, "MicroDb.Npgsql generated", SideRole.Generated, emails,
            id => generated.Table<PgLookupRow>().Where(x => x.Id == id).FirstOrDefault(),
            email => generated.Table<PgLookupRow>().Where(x => x.Email == email).FirstOrDefault());
        Add(sides, "MicroDb.Npgsql reflection", SideRole.Reflection, emails,
            id => reflection.Table<PgLookupRow>().Where(x => x.Id == id).FirstOrDefault(),
            email => reflection.Table<PgLookupRow>().Where(x => x.Email == email).FirstOrDefault());
        Add(sides, "Dapper", SideRole.Peer, emails,
            id => dapper.QueryFirstOrDefault<PgLookupRow>(dapperByKey, new { id }),
            email => dapper.QueryFirstOrDefault<PgLookupRow>(dapperByEmail, new { email }));

        foreach (var (name, caseSides) in sides)
        {
            Console.WriteLine(name);
            results.AddRange(runner.Measure(name, CrudCases.Calls, caseSides));
        }
    }

    private static string Email(int i) => "user" + i.ToString(System.Globalization.CultureInfo.InvariantCulture) + "@example.com";

    private static void Add(Dictionary<string, List<Side>> sides, string name, SideRole role, string[] emails,
        Func<long, PgLookupRow?> byKey, Func<string, PgLookupRow?> byEmail)
    {
        var (k, e) = (0, 0);
        sides[ByKey].Add(new Side(name, role, () =>
        {
            for (var i = 0; i < CrudCases.Calls; i++)
            {
                var id = (k++ % CrudCases.Seed) + 1;
                Expect(byKey(id)?.Id == id, ByKey);
            }
        }));
        sides[ByEmail].Add(new Side(name, role, () =>
        {
            for (var i = 0; i < CrudCases.Calls; i++)
            {
                var email = emails[e++ % emails.Length];
                Expect(byEmail(email)?.Email == email, ByEmail);
            }
        }));
    }

    private static void Expect(bool found, string what)
    {
        if (!found)
        {
            throw new InvalidOperationException($"{what} did not find its row: the sides would not be doing the same work.");
        }
    }

    /// <summary>The hand-written side: one prepared command per lookup, typed parameters set through TypedValue, typed reads.</summary>
    private sealed class RawLookup : IDisposable
    {
        private readonly NpgsqlConnection _connection;
        private readonly NpgsqlCommand _byKey;
        private readonly NpgsqlParameter<long> _id = new();
        private readonly NpgsqlCommand _byEmail;
        private readonly NpgsqlParameter<string> _email = new() { NpgsqlDbType = NpgsqlTypes.NpgsqlDbType.Text };

        public RawLookup(NpgsqlDataSource source, string byKeySql, string byEmailSql)
        {
            _connection = source.OpenConnection();
            _byKey = Prepared(byKeySql, _id);
            _byEmail = Prepared(byEmailSql, _email);
        }

        public PgLookupRow? ByKey(long id)
        {
            _id.TypedValue = id;
            return Read(_byKey);
        }

        public PgLookupRow? ByEmail(string email)
        {
            _email.TypedValue = email;
            return Read(_byEmail);
        }

        public void Dispose()
        {
            _byKey.Dispose();
            _byEmail.Dispose();
            _connection.Dispose();
        }

        private static PgLookupRow? Read(NpgsqlCommand command)
        {
            using var reader = command.ExecuteReader();
            return reader.Read()
                ? new PgLookupRow
                {
                    Id = reader.GetFieldValue<long>(0),
                    Email = reader.IsDBNull(1) ? null : reader.GetFieldValue<string>(1),
                    Name = reader.IsDBNull(2) ? null : reader.GetFieldValue<string>(2),
                }
                : null;
        }

        private NpgsqlCommand Prepared(string sql, NpgsqlParameter parameter)
        {
            var command = new NpgsqlCommand(sql, _connection);
            command.Parameters.Add(parameter);
            command.Prepare();
            return command;
        }
    }
}
