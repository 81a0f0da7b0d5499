using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using MicroDb.Mapping;

namespace MicroDb.Runtime.Reflection;

/// <summary>
/// The mapping attributes of a type or property, read as <see cref="CustomAttributeData"/> and matched by name
/// (<see cref="AttributeNames"/>): MicroDb's own and sqlite-net's (<c>SQLite.*</c>, from sqlite-net-pcl or the
/// compatibility package) alike, without loading or instantiating either attribute type. The generator reads the
/// same constructor and named arguments from Roslyn's <c>AttributeData</c>.
/// </summary>
internal sealed class MappingAttributes
{
    private readonly List<CustomAttributeData> _attributes;

    private MappingAttributes(List<CustomAttributeData> attributes) => _attributes = attributes;

    /// <summary>The recognised attributes of <paramref name="property"/> and of the declarations it overrides (all are Inherited = true).</summary>
    /// <param name="type">The mapped type, whose chain of base types holds the overridden declarations.</param>
    /// <param name="property">A public instance property of <paramref name="type"/>.</param>
    public static MappingAttributes Of([DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicProperties)] Type type, PropertyInfo property)
    {
        var result = new List<CustomAttributeData>();
        var single = new HashSet<string>(StringComparer.Ordinal);
        var root = property.GetMethod?.GetBaseDefinition();
        for (var t = type; t is not null && t != typeof(object); t = t.BaseType)
        {
            foreach (var declared in t.GetProperties(BindingFlags.Public | BindingFlags.Instance | BindingFlags.DeclaredOnly))
            {
                // The most derived declaration first; repeatable index attributes accumulate, the others do not.
                if (declared.Name != property.Name || declared.GetIndexParameters().Length != 0
                    || root is null || declared.GetMethod?.GetBaseDefinition() is not { } b || !b.HasSameMetadataDefinitionAs(root))
                {
                    continue;
                }

                foreach (var attribute in declared.GetCustomAttributesData())
                {
                    if (FamilyOf(attribute.AttributeType) == AttributeNames.Family.None)
                    {
                        continue;
                    }

                    if (IsIndex(attribute) || single.Add(RecognisedName(attribute.AttributeType)!))
                    {
                        result.Add(attribute);
                    }
                }
            }
        }

        return new MappingAttributes(result);
    }

    /// <summary>The [Table] of <paramref name="type"/> or of its nearest base class that has one (it is Inherited = true).</summary>
    public static CustomAttributeData? TableOf(Type type)
    {
        for (var t = type; t is not null && t != typeof(object); t = t.BaseType)
        {
            foreach (var attribute in t.GetCustomAttributesData())
            {
                if (Is(attribute.AttributeType, AttributeNames.Table))
                {
                    return attribute;
                }
            }
        }

        return null;
    }

    /// <summary>The table name [Table] gives (constructor argument or <c>Name</c>), or null.</summary>
    public static string? TableName(CustomAttributeData? table) =>
        table is null ? null : FirstString(table) ?? Named<string>(table, AttributeNames.TableNameProperty);

    /// <summary>The previous table name from [RenamedFrom] on <paramref name="type"/> itself (not inherited), or null.</summary>
    public static string? TableRenamedFrom(Type type) =>
        type.GetCustomAttributesData().FirstOrDefault(a => Is(a.AttributeType, AttributeNames.RenamedFrom)) is { } renamed ? FirstString(renamed) : null;

    /// <summary>[Table(WithoutRowId = true)].</summary>
    public static bool WithoutRowId(CustomAttributeData? table) =>
        table is not null && Named<bool>(table, AttributeNames.WithoutRowIdProperty);

    /// <summary>Whether a type (an enum) carries [StoreAsText] of either family.</summary>
    public static bool TypeHas(Type type, string name) =>
        type.GetCustomAttributesData().Any(a => Is(a.AttributeType, name));

    /// <summary>
    /// Whether the type follows sqlite-net's member rule (<see cref="AttributeNames.FollowsSqliteNetMemberRule"/>),
    /// from the attributes of the type, its base classes and their public instance properties (as the generator).
    /// <paramref name="sqliteNetApi"/>: the provider serves sqlite-net's API, so an attribute-less model follows it too.
    /// </summary>
    public static bool FollowsSqliteNetMemberRule([DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicProperties)] Type type, bool sqliteNetApi)
    {
        var sawMicroDb = false;
        var sawSqliteNet = false;
        for (var t = type; t is not null && t != typeof(object); t = t.BaseType)
        {
            var attributes = t.GetCustomAttributesData().Concat(
                t.GetProperties(BindingFlags.Public | BindingFlags.Instance | BindingFlags.DeclaredOnly).SelectMany(p => p.GetCustomAttributesData()));
            foreach (var attribute in attributes)
            {
                switch (FamilyOf(attribute.AttributeType))
                {
                    case AttributeNames.Family.MicroDb:
                        sawMicroDb = true;
                        break;
                    case AttributeNames.Family.SqliteNet:
                        sawSqliteNet = true;
                        break;
                }
            }
        }

        return AttributeNames.FollowsSqliteNetMemberRule(sawMicroDb, sawSqliteNet, sqliteNetApi);
    }

    /// <summary>The member carries the recognised attribute <paramref name="name"/>.</summary>
    public bool Has(string name) => Find(name) is not null;

    /// <summary>[Column]'s name.</summary>
    public string? ColumnName => Find(AttributeNames.Column) is { } a ? FirstString(a) : null;

    /// <summary>[RenamedFrom]'s previous column name.</summary>
    public string? RenamedFrom => Find(AttributeNames.RenamedFrom) is { } a ? FirstString(a) : null;

    /// <summary>[MaxLength]'s length.</summary>
    public int? MaxLength => Find(AttributeNames.MaxLength) is { ConstructorArguments.Count: 1 } a && a.ConstructorArguments[0].Value is int n ? n : null;

    /// <summary>[PrimaryKey(Order = n)]'s order (0 when not given, or for sqlite-net's attribute, which has none).</summary>
    public int KeyOrder => Find(AttributeNames.PrimaryKey) is { } a ? Named<int>(a, AttributeNames.PrimaryKeyOrderProperty) : 0;

    /// <summary>[References(typeof(Parent), Column = ..., OnDelete = ..., OnUpdate = ...)], or null.</summary>
    public (Type Target, string? Column, int OnDelete, int OnUpdate)? References =>
        Find(AttributeNames.References) is { ConstructorArguments.Count: 1 } a && a.ConstructorArguments[0].Value is Type target
            ? (target, Named<string>(a, AttributeNames.ReferencesColumnProperty), NamedInt(a, AttributeNames.OnDeleteProperty), NamedInt(a, AttributeNames.OnUpdateProperty))
            : null;

    // An enum named argument arrives as its underlying value.
    private static int NamedInt(CustomAttributeData attribute, string name) =>
        attribute.NamedArguments.FirstOrDefault(a => a.MemberName == name).TypedValue.Value is { } value ? Convert.ToInt32(value, System.Globalization.CultureInfo.InvariantCulture) : 0;

    /// <summary>[Collation]'s name.</summary>
    public string? Collation => Find(AttributeNames.Collation) is { } a ? FirstString(a) : null;

    /// <summary>The [Indexed]/[Unique] declarations: index name (null for the default), order, unique.</summary>
    public IEnumerable<(string? Name, int Order, bool Unique)> Indexes()
    {
        foreach (var attribute in _attributes.Where(IsIndex))
        {
            var args = attribute.ConstructorArguments;
            var name = args.Count == 2 ? args[0].Value as string : null;
            var order = args.Count == 2 && args[1].Value is int o ? o : 0;
            foreach (var named in attribute.NamedArguments)
            {
                if (named.MemberName == AttributeNames.IndexNameProperty)
                {
                    name = named.TypedValue.Value as string;
                }
                else if (named.MemberName == AttributeNames.IndexOrderProperty && named.TypedValue.Value is int no)
                {
                    order = no;
                }
            }

            var unique = Is(attribute.AttributeType, AttributeNames.Unique) || Named<bool>(attribute, AttributeNames.IndexUniqueProperty);
            yield return (name, order, unique);
        }
    }

    private CustomAttributeData? Find(string name) => _attributes.FirstOrDefault(a => Is(a.AttributeType, name));

    // An attribute class deriving from a recognised one counts as that one (AttributeNames.Recognise), as in sqlite-net.
    private static AttributeNames.Family FamilyOf(Type attributeType) => Recognise(attributeType).Family;

    private static string? RecognisedName(Type attributeType) => Recognise(attributeType).Name;

    private static bool Is(Type attributeType, string name) => RecognisedName(attributeType) == name;

    private static (AttributeNames.Family Family, string? Name) Recognise(Type attributeType) =>
        AttributeNames.Recognise(attributeType, t => t.IsNested ? null : t.Namespace, t => t.Name, t => t.BaseType);

    private static bool IsIndex(CustomAttributeData attribute)
    {
        for (var t = attribute.AttributeType; t is not null; t = t.BaseType)
        {
            if (Is(t, AttributeNames.Indexed))
            {
                return true;
            }
        }

        return false;
    }

    private static string? FirstString(CustomAttributeData attribute) =>
        attribute.ConstructorArguments.Count == 1 ? attribute.ConstructorArguments[0].Value as string : null;

    private static T? Named<T>(CustomAttributeData attribute, string name) =>
        attribute.NamedArguments.FirstOrDefault(a => a.MemberName == name).TypedValue.Value is T value ? value : default;
}
