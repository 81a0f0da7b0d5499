using SQLite;

namespace MicroDb.SQLiteNet.Spec.Schema;

/// <summary>
/// Schema scenarios run through sqlite-net: each returns named facts (table sql, traced statements, indexes, results)
/// as strings, multi-line facts joined by newlines, so another implementation can be compared fact by fact.
/// </summary>
public static class SchemaScenarios
{
    /// <summary>Scenario names and their runners.</summary>
    public static readonly IReadOnlyDictionary<string, Func<Dictionary<string, string>>> All =
        new Dictionary<string, Func<Dictionary<string, string>>>
        {
            ["CreateTable_all_attributes"] = CreateAllAttributes,
            ["CreateTable_twice"] = CreateTwice,
            ["CreateTable_without_Table_attribute"] = CreateUntitled,
            ["CreateTable_adds_new_properties"] = Migrate,
            ["CreateTable_with_older_model"] = MigrateBackwards,
            ["CreateTable_adds_NotNull_column_to_table_with_rows"] = AddNotNullWithRows,
            ["CreateTable_adds_NotNull_column_to_empty_table"] = AddNotNullEmpty,
            ["CreateTable_with_implicit_flags"] = ImplicitFlags,
            ["Insert_violating_constraints"] = Violations,
        };

    private static string Lines(IEnumerable<string> lines) => string.Join("\n", lines);

    private static Dictionary<string, string> CreateAllAttributes()
    {
        using var p = new SchemaProbe();
        var facts = new Dictionary<string, string> { ["result"] = p.Db.CreateTable<Person>().ToString() };
        facts["statements"] = Lines(p.SchemaStatements());
        facts["sqlite_master.sql"] = p.TableSql("people") ?? "";
        facts["indexes"] = Lines(p.Indexes("people"));
        facts["columns"] = Lines(p.Columns("people"));
        return facts;
    }

    private static Dictionary<string, string> CreateTwice()
    {
        using var p = new SchemaProbe();
        p.Db.CreateTable<Person>();
        p.Reopen();
        p.Statements.Clear();
        var facts = new Dictionary<string, string> { ["result"] = p.Db.CreateTable<Person>().ToString() };
        facts["statements"] = Lines(p.SchemaStatements());
        facts["indexes"] = Lines(p.Indexes("people"));
        return facts;
    }

    private static Dictionary<string, string> CreateUntitled()
    {
        using var p = new SchemaProbe();
        var facts = new Dictionary<string, string> { ["result"] = p.Db.CreateTable<Untitled>().ToString() };
        facts["statements"] = Lines(p.SchemaStatements());
        facts["sqlite_master.sql"] = p.TableSql("Untitled") ?? "";
        facts["indexes"] = Lines(p.Indexes("Untitled"));
        return facts;
    }

    private static Dictionary<string, string> Migrate()
    {
        using var p = new SchemaProbe();
        p.Db.CreateTable<EvolvingV1>();
        p.Db.Insert(new EvolvingV1 { Name = "x" });
        p.Reopen();
        p.Statements.Clear();
        var facts = new Dictionary<string, string> { ["result"] = p.Db.CreateTable<EvolvingV2>().ToString() };
        facts["statements"] = Lines(p.SchemaStatements());
        facts["sqlite_master.sql"] = p.TableSql("evolving") ?? "";
        facts["indexes"] = Lines(p.Indexes("evolving"));
        facts["columns"] = Lines(p.Columns("evolving"));
        facts["existing row"] = p.Db.ExecuteScalar<string>(
            "SELECT quote(Name) || ' ' || quote(Added) || ' ' || quote(AddedIndexed) || ' ' || quote(AddedWhen) FROM evolving");
        facts["existing row read"] = p.Db.Table<EvolvingV2>().First() is var row
            ? $"{row.Name} {row.Added} {row.AddedIndexed ?? "null"} {row.AddedWhen.Ticks}" : "";
        return facts;
    }

    private static Dictionary<string, string> MigrateBackwards()
    {
        using var p = new SchemaProbe();
        p.Db.CreateTable<EvolvingV2>();
        p.Statements.Clear();
        var facts = new Dictionary<string, string> { ["result"] = p.Db.CreateTable<EvolvingV1>().ToString() };
        facts["statements"] = Lines(p.SchemaStatements());
        facts["columns"] = Lines(p.Columns("evolving"));
        return facts;
    }

    private static Dictionary<string, string> AddNotNullWithRows()
    {
        using var p = new SchemaProbe();
        p.Db.CreateTable<EvolvingV1>();
        p.Db.Insert(new EvolvingV1 { Name = "x" });
        p.Statements.Clear();
        var facts = new Dictionary<string, string>();
        try { facts["result"] = p.Db.CreateTable<EvolvingNotNull>().ToString(); }
        catch (SQLiteException e) { facts["result"] = $"{e.GetType().Name} {e.Result}: {e.Message}"; }
        facts["statements"] = Lines(p.SchemaStatements());
        facts["columns"] = Lines(p.Columns("evolving"));
        return facts;
    }

    private static Dictionary<string, string> AddNotNullEmpty()
    {
        using var p = new SchemaProbe();
        p.Db.CreateTable<EvolvingV1>();
        p.Statements.Clear();
        var facts = new Dictionary<string, string>();
        try { facts["result"] = p.Db.CreateTable<EvolvingNotNull>().ToString(); }
        catch (SQLiteException e) { facts["result"] = $"{e.GetType().Name} {e.Result}: {e.Message}"; }
        facts["statements"] = Lines(p.SchemaStatements());
        facts["columns"] = Lines(p.Columns("evolving"));
        return facts;
    }

    private static Dictionary<string, string> ImplicitFlags()
    {
        using var p = new SchemaProbe();
        var facts = new Dictionary<string, string>
        {
            ["result"] = p.Db.CreateTable<ImplicitModel>(CreateFlags.ImplicitPK | CreateFlags.ImplicitIndex | CreateFlags.AutoIncPK).ToString(),
        };
        facts["statements"] = Lines(p.SchemaStatements());
        facts["indexes"] = Lines(p.Indexes("implicit"));
        return facts;
    }

    private static Dictionary<string, string> Violations()
    {
        using var p = new SchemaProbe();
        p.Db.CreateTable<Person>();
        var facts = new Dictionary<string, string>();
        facts["NotNull property null"] = Outcome(() => p.Db.Insert(new Person { Required = null!, Code = "a" }));
        facts["MaxLength exceeded"] = Outcome(() => p.Db.Insert(new Person { Required = "r", Code = "b", Title = new string('t', 50) }));
        facts["MaxLength stored length"] = p.Db.ExecuteScalar<string>("SELECT length(Title) FROM people WHERE Code = 'b'") ?? "no row";
        facts["Unique duplicate"] = Outcome(() => p.Db.Insert(new Person { Required = "r", Code = "b" }));
        return facts;
    }

    // The insert's return value, or the exception type with sqlite-net's Result code and message.
    private static string Outcome(Func<int> action)
    {
        try { return "returned " + action(); }
        catch (SQLiteException e) { return $"{e.GetType().Name} {e.Result}: {e.Message}"; }
    }
}
