// Shared source (see src/Shared/README.md): which attributes the two mapping paths read, by name, so a model
// annotated with MicroDb's attributes or with sqlite-net's (namespace SQLite, from sqlite-net-pcl or from the
// MicroDb.SQLiteNet compatibility package) maps the same way on both paths.
using System;

#if MICRODB_GENERATOR
namespace MicroDb.Generator.Shared;
#else
namespace MicroDb.Mapping;
#endif

/// <summary>
/// The mapping attributes both paths recognise. They are matched by namespace and type name, never by type identity:
/// sqlite-net-pcl and the compatibility package each declare their own <c>SQLite.TableAttribute</c>, and a model
/// compiled against either must map.
/// </summary>
internal static class AttributeNames
{
    /// <summary>MicroDb's own attributes (src/Core/Attributes).</summary>
    public const string MicroDbNamespace = "MicroDb";

    /// <summary>sqlite-net's attributes, and the compatibility package's copies of them.</summary>
    public const string SqliteNetNamespace = "SQLite";

    public const string Table = "TableAttribute";
    public const string Column = "ColumnAttribute";
    public const string PrimaryKey = "PrimaryKeyAttribute";
    public const string AutoIncrement = "AutoIncrementAttribute";
    public const string Indexed = "IndexedAttribute";
    public const string Unique = "UniqueAttribute";
    public const string Ignore = "IgnoreAttribute";
    public const string MaxLength = "MaxLengthAttribute";
    public const string Collation = "CollationAttribute";
    public const string NotNull = "NotNullAttribute";
    public const string StoreAsText = "StoreAsTextAttribute";

    /// <summary>MicroDb's [RenamedFrom("Old")] on a property (column) or a class (table): the additive migration renames instead of adding.</summary>
    public const string RenamedFrom = "RenamedFromAttribute";

    /// <summary>[References(typeof(Parent))]: a foreign key (MicroDb's attribute; sqlite-net has none).</summary>
    public const string References = "ReferencesAttribute";

    /// <summary>The full names of the two table attributes (what the generator's discovery asks Roslyn for).</summary>
    public const string MicroDbTable = MicroDbNamespace + "." + Table;

    /// <inheritdoc cref="MicroDbTable"/>
    public const string SqliteNetTable = SqliteNetNamespace + "." + Table;

    /// <summary>Named property of [Table] that asks for a WITHOUT ROWID table (both declare it).</summary>
    public const string WithoutRowIdProperty = "WithoutRowId";

    /// <summary>Named properties of [Indexed] (both declare them).</summary>
    public const string IndexNameProperty = "Name";

    /// <inheritdoc cref="IndexNameProperty"/>
    public const string IndexOrderProperty = "Order";

    /// <inheritdoc cref="IndexNameProperty"/>
    public const string IndexUniqueProperty = "Unique";

    /// <summary>Named property of MicroDb's [Table] that gives the table name.</summary>
    public const string TableNameProperty = "Name";

    // Keys and foreign keys (issue 22): [PrimaryKey(Order = n)] orders a composite key's columns (MicroDb's attribute only).
    /// <summary>[PrimaryKey]'s named argument for a composite key's column order.</summary>
    public const string PrimaryKeyOrderProperty = "Order";

    /// <summary>[References]'s named arguments: the parent's column, and the ON DELETE / ON UPDATE actions.</summary>
    public const string ReferencesColumnProperty = "Column";

    /// <inheritdoc cref="ReferencesColumnProperty"/>
    public const string OnDeleteProperty = "OnDelete";

    /// <inheritdoc cref="ReferencesColumnProperty"/>
    public const string OnUpdateProperty = "OnUpdate";

    private static readonly string[] Names =
    [
        Table, Column, PrimaryKey, AutoIncrement, Indexed, Unique, Ignore, MaxLength, Collation, NotNull, StoreAsText, RenamedFrom,
        References,
    ];

    /// <summary>Which of the two attribute families an attribute belongs to.</summary>
    public enum Family
    {
        None,
        MicroDb,
        SqliteNet,
    }

    /// <summary>The family of an attribute class, by its namespace and name; <see cref="Family.None"/> when it is not one of ours.</summary>
    public static Family FamilyOf(string? attributeNamespace, string attributeName)
    {
        if (Array.IndexOf(Names, attributeName) < 0)
        {
            return Family.None;
        }

        return attributeNamespace switch
        {
            MicroDbNamespace => Family.MicroDb,
            SqliteNetNamespace => Family.SqliteNet,
            _ => Family.None,
        };
    }

    /// <summary>
    /// The attributes an app's own subclass stands in for. sqlite-net 1.11 reads these with inheritance
    /// (<c>IsDefined(..., true)</c>, <c>GetCustomAttributes&lt;T&gt;()</c>) and every other one by exact type, so a class
    /// deriving from <c>SQLite.PrimaryKeyAttribute</c> declares no key there, and must not here: the same model must
    /// give the same schema (measured in tests/MicroDb.SQLiteNet.Tests BehaviourParityTests).
    /// </summary>
    private static readonly string[] MatchedWithInheritance = [Table, Ignore, Indexed, Unique, MaxLength];

    /// <summary>
    /// The recognised attribute an attribute class stands for: the class itself when it is one of ours, else its nearest
    /// base class that is one of ours and is matched with inheritance (<see cref="MatchedWithInheritance"/>: so
    /// <c>class Skip : SQLite.IgnoreAttribute</c> is <c>[Ignore]</c>). Only the arguments written where the attribute
    /// is used are read, never values a subclass's constructor sets. The generator walks Roslyn symbols, the reflection
    /// path <see cref="Type"/>s; both call this.
    /// </summary>
    /// <param name="attributeClass">The attribute's class.</param>
    /// <param name="namespaceOf">Its namespace (null for a nested class, which is never one of ours).</param>
    /// <param name="nameOf">Its simple metadata name.</param>
    /// <param name="baseOf">Its base class, or null.</param>
    /// <returns>The family and the recognised name (e.g. <see cref="Ignore"/>), or <see cref="Family.None"/> and null.</returns>
    public static (Family Family, string? Name) Recognise<T>(T? attributeClass, Func<T, string?> namespaceOf, Func<T, string> nameOf, Func<T, T?> baseOf)
        where T : class
    {
        for (var c = attributeClass; c is not null; c = baseOf(c))
        {
            var name = nameOf(c);
            var family = FamilyOf(namespaceOf(c), name);
            if (family != Family.None)
            {
                return ReferenceEquals(c, attributeClass) || Array.IndexOf(MatchedWithInheritance, name) >= 0
                    ? (family, name)
                    : (Family.None, null);
            }
        }

        return (Family.None, null);
    }

    /// <summary>True when the attribute class is the recognised attribute <paramref name="name"/> (e.g. <see cref="Table"/>) of either family.</summary>
    public static bool Is(string? attributeNamespace, string attributeName, string name) =>
        attributeName == name && FamilyOf(attributeNamespace, attributeName) != Family.None;

    /// <summary>
    /// Which members a model maps. A model that carries sqlite-net attributes and none of MicroDb's follows
    /// sqlite-net's rule: public instance properties with a public getter and a public setter; every other property
    /// is silently left out (sqlite-net never fails on a computed or get-only property). Any other model follows
    /// MicroDb's rule: every public property with a public getter, so a get-only one needs a constructor parameter
    /// or [Ignore] (MDB0004) rather than being dropped without a word.
    /// </summary>
    /// <remarks>
    /// A model with no mapping attribute at all follows sqlite-net's rule when it is used through sqlite-net's API
    /// (<paramref name="sqliteNetApi"/>): a sqlite-net app's plain class with a computed property must keep working.
    /// </remarks>
    /// <param name="sawMicroDb">The type or one of its properties carries a MicroDb mapping attribute.</param>
    /// <param name="sawSqliteNet">The type or one of its properties carries a sqlite-net mapping attribute.</param>
    /// <param name="sqliteNetApi">
    /// The type is used through sqlite-net's API: the generator found it at a call on a <c>SQLite.*</c> connection,
    /// or the reflection provider was asked for sqlite-net's rule (the compatibility package does).
    /// </param>
    public static bool FollowsSqliteNetMemberRule(bool sawMicroDb, bool sawSqliteNet, bool sqliteNetApi = false) =>
        !sawMicroDb && (sawSqliteNet || sqliteNetApi);
}
