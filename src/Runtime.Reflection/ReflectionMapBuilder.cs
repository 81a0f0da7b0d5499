using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using MicroDb.Mapping;

namespace MicroDb.Runtime.Reflection;

/// <summary>Reads a type's attributes and builds its <see cref="ReflectionEntityMap{T}"/>, enforcing the same model rules as the generator.</summary>
internal static class ReflectionMapBuilder
{
    internal const string TrimMessage = "The reflection path reads the members of mapped types at run time; trimming may remove them. Use the MicroDb source generator ([Table] types get generated maps) for trimmed and AOT apps.";

    [RequiresUnreferencedCode(TrimMessage)]
    public static ReflectionEntityMap<T> Build<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicProperties | DynamicallyAccessedMemberTypes.NonPublicProperties | DynamicallyAccessedMemberTypes.PublicConstructors | DynamicallyAccessedMemberTypes.NonPublicConstructors)] T>(bool sqliteNetApi = false)
    {
        var type = typeof(T);
        var typeName = type.FullName ?? type.Name;
        // The same rules and messages as the generator's diagnostics (src/Shared/ModelRules.cs).
        var shapeProblem = type.IsValueType ? ModelRules.Reasons.NotAClass("struct")
            : type.IsInterface ? ModelRules.Reasons.NotAClass("interface")
            : type.IsAbstract ? ModelRules.Reasons.IsAbstract
            : type.ContainsGenericParameters ? ModelRules.Reasons.IsGeneric
            : null;
        if (shapeProblem is not null)
        {
            throw new MicroDbMappingException(ModelRules.UnsupportedModel.Format(typeName, shapeProblem));
        }

        // Attributes are matched by name, MicroDb's and sqlite-net's alike (AttributeNames, shared with the generator).
        var tableAttribute = MappingAttributes.TableOf(type);
        var tableName = MappingAttributes.TableName(tableAttribute) is { Length: > 0 } named ? named : type.Name;

        var columns = new List<ColumnMapping>();
        var accessors = new List<MemberAccessor<T>>();
        var properties = new List<PropertyInfo>();
        var indexes = new List<IndexDeclaration>();

        foreach (var property in MappableProperties(type, MappingAttributes.FollowsSqliteNetMemberRule(type, sqliteNetApi)))
        {
            var attributes = MappingAttributes.Of(type, property);
            if (attributes.Has(AttributeNames.Ignore))
            {
                continue;
            }

            var columnName = attributes.ColumnName;
            if (columnName is { Length: 0 })
            {
                throw new MicroDbMappingException(ModelRules.InvalidTable.Format(typeName, ModelRules.Reasons.EmptyColumnName(property.Name)));
            }

            columnName ??= property.Name;
            var storeAsText = attributes.Has(AttributeNames.StoreAsText);
            var (kind, nullable, enumType) = Classify(property.PropertyType, storeAsText)
                ?? throw new MicroDbMappingException(ModelRules.UnsupportedMemberType.Format(property.Name, typeName, Display(property.PropertyType)));

            var isKey = attributes.Has(AttributeNames.PrimaryKey);
            columns.Add(new ColumnMapping(columnName, property.Name, kind, nullable)
            {
                IsPrimaryKey = isKey,
                KeyOrder = isKey ? attributes.KeyOrder : 0,
                IsAutoIncrement = attributes.Has(AttributeNames.AutoIncrement),
                IsNotNull = attributes.Has(AttributeNames.NotNull),
                MaxLength = attributes.MaxLength,
                Collation = attributes.Collation,
                RenamedFrom = attributes.RenamedFrom,
                ClrTypeName = Display(property.PropertyType),
                References = ReferenceOf(attributes, property.Name, typeName, columns.Count),
            });

            foreach (var (indexName, order, unique) in attributes.Indexes())
            {
                indexes.Add(new IndexDeclaration(columnName, indexName, order, unique));
            }

            accessors.Add(enumType is not null
                ? new EnumAccessor<T>(property, enumType, nullable, kind == ColumnKind.EnumText, columnName, tableName)
                : CreateAccessor<T>(property, kind, nullable));
            properties.Add(property);
        }

        if (columns.Count == 0 && !System.Runtime.CompilerServices.RuntimeFeature.IsDynamicCodeSupported)
        {
            // Under NativeAOT/trimming an unannotated type's properties are removed; say so rather than "no members".
            throw new MicroDbMappingException($"Type '{typeName}' shows no mapped members at run time: in a trimmed or NativeAOT app the trimmer removed the member metadata the reflection path reads. Use the MicroDb source generator instead (reference MicroDb.Generator as an analyzer, mark the type [Table], use MappingMode.Generated or Auto), or keep the members from trimming (e.g. <TrimmerRootAssembly Include=\"{type.Assembly.GetName().Name}\" />).");
        }

        var table = new TableMapping(typeName, tableName, columns, indexes, MappingAttributes.WithoutRowId(tableAttribute))
        {
            RenamedFrom = MappingAttributes.TableRenamedFrom(type),
        };
        // No constructor with arguments: the map creates entities through the parameterless one (ReflectionEntityMap).
        var (_, constructor, constructorColumns) = ChooseConstructor<T>(type, typeName, properties, accessors);
        return new ReflectionEntityMap<T>(table, accessors.ToArray(), constructor, constructorColumns);
    }

    /// <summary>
    /// Public instance properties with a public getter (and, for a sqlite-net model, a public setter), base-class
    /// members first (declaration order within each class).
    /// </summary>
    /// <summary>
    /// A [References] resolved as the generator resolves it (ForeignKeyFacts.Resolve, src/Shared): the parent's table name,
    /// its column names ([Column] or the property name, [Ignore] left out) and its key columns.
    /// </summary>
    [UnconditionalSuppressMessage("Trimming", "IL2077", Justification = "ReferencesAttribute's Type parameter is annotated to keep the parent's public properties.")]
    private static ForeignKeyFacts? ReferenceOf(MappingAttributes attributes, string member, string typeName, int columnIndex)
    {
        if (attributes.References is not { } reference)
        {
            return null;
        }

        var target = reference.Target;
        var table = MappingAttributes.TableName(MappingAttributes.TableOf(target)) is { Length: > 0 } named ? named : target.Name;
        var names = new List<string>();
        var keys = new List<string>();
        foreach (var property in PublicProperties(target))
        {
            var parent = MappingAttributes.Of(target, property);
            if (parent.Has(AttributeNames.Ignore) || property.GetIndexParameters().Length > 0)
            {
                continue;
            }

            var name = parent.ColumnName is { Length: > 0 } column ? column : property.Name;
            names.Add(name);
            if (parent.Has(AttributeNames.PrimaryKey))
            {
                keys.Add(name);
            }
        }

        return ForeignKeyFacts.Resolve(columnIndex, member, typeName, target.FullName ?? target.Name, table, names, keys, reference.Column, reference.OnDelete, reference.OnUpdate, out var violation)
            ?? throw new MicroDbMappingException(violation!.Value.Message);
    }

    private static PropertyInfo[] PublicProperties([DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicProperties)] Type type) =>
        type.GetProperties(BindingFlags.Public | BindingFlags.Instance);

    private static IEnumerable<PropertyInfo> MappableProperties([DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicProperties)] Type type, bool sqliteNetMembers)
    {
        var chain = new List<Type>();
        for (var t = type; t is not null && t != typeof(object); t = t.BaseType)
        {
            chain.Insert(0, t);
        }

        var seen = new HashSet<string>(StringComparer.Ordinal);
        var all = type.GetProperties(BindingFlags.Public | BindingFlags.Instance);
        foreach (var level in chain)
        {
            foreach (var property in all)
            {
                if (property.DeclaringType == level && property.GetMethod is { IsPublic: true } && property.GetIndexParameters().Length == 0 && seen.Add(property.Name)
                    && (!sqliteNetMembers || property.SetMethod is { IsPublic: true }))
                {
                    yield return property;
                }
            }
        }
    }

    private static (ConstructorInfo? Default, ConstructorInfo? WithArgs, int[] Columns) ChooseConstructor<T>(
        [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicConstructors | DynamicallyAccessedMemberTypes.NonPublicConstructors)] Type type,
        string typeName,
        List<PropertyInfo> properties,
        List<MemberAccessor<T>> accessors)
    {
        var constructors = type.GetConstructors(BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance);
        var parameterless = constructors.FirstOrDefault(c => c.GetParameters().Length == 0);
        var withArgs = constructors.Where(c => c.IsPublic && c.GetParameters().Length > 0).OrderByDescending(c => c.GetParameters().Length).ToArray();

        // For each parameter, the mapped member with its name (ignoring case) and type; the choice itself is shared.
        var matches = withArgs.Select(c =>
        {
            var map = c.GetParameters()
                .Select(p => properties.FindIndex(m => string.Equals(m.Name, p.Name, StringComparison.OrdinalIgnoreCase) && m.PropertyType == p.ParameterType))
                .ToArray();
            return map.All(i => i >= 0) ? map : null;
        }).ToArray();

        var chosen = ModelRules.ChooseConstructor(parameterless is not null, accessors.Select(a => a.CanWrite).ToArray(), matches, properties.Select(p => p.Name).ToArray(), out var reason);
        return chosen switch
        {
            -1 => (parameterless, null, []),
            >= 0 => (null, withArgs[chosen], matches[chosen]!),
            _ => throw new MicroDbMappingException(ModelRules.NoUsableConstructor.Format(typeName, reason!)),
        };
    }

    private static (ColumnKind Kind, bool Nullable, Type? EnumType)? Classify(Type type, bool storeAsText)
    {
        var underlying = Nullable.GetUnderlyingType(type);
        var nullable = underlying is not null || !type.IsValueType;
        var t = underlying ?? type;
        if (t.IsEnum)
        {
            return (ColumnKindRules.EnumKind(storeAsText || MappingAttributes.TypeHas(t, AttributeNames.StoreAsText)), nullable, t);
        }

        var kind = t.FullName is { } name ? ColumnKindRules.FromTypeName(name, storeAsText) : null;
#if !NET
        // The netstandard2.0 build has no DateOnly or TimeOnly codec (a net6+ app that loads it): an unsupported member type.
        if (kind is ColumnKind.DateOnly or ColumnKind.TimeOnly)
        {
            return null;
        }
#endif
        return kind is null ? null : (kind.Value, nullable, null);
    }

    private static MemberAccessor<T> CreateAccessor<T>(PropertyInfo property, ColumnKind kind, bool nullable)
    {
        if (property.PropertyType.IsValueType && !nullable)
        {
            return kind switch
            {
                ColumnKind.Boolean => Make<T, bool, BooleanCodec>(property),
                ColumnKind.Byte => Make<T, byte, ByteCodec>(property),
                ColumnKind.SByte => Make<T, sbyte, SByteCodec>(property),
                ColumnKind.Int16 => Make<T, short, Int16Codec>(property),
                ColumnKind.UInt16 => Make<T, ushort, UInt16Codec>(property),
                ColumnKind.Int32 => Make<T, int, Int32Codec>(property),
                ColumnKind.UInt32 => Make<T, uint, UInt32Codec>(property),
                ColumnKind.Int64 => Make<T, long, Int64Codec>(property),
                ColumnKind.UInt64 => Make<T, ulong, UInt64Codec>(property),
                ColumnKind.Single => Make<T, float, SingleCodec>(property),
                ColumnKind.Double => Make<T, double, DoubleCodec>(property),
                ColumnKind.Decimal => Make<T, decimal, DecimalCodec>(property),
                ColumnKind.Char => Make<T, char, CharCodec>(property),
                ColumnKind.Guid => Make<T, Guid, GuidCodec>(property),
                ColumnKind.DateTime => Make<T, DateTime, DateTimeCodec>(property),
                ColumnKind.DateTimeText => Make<T, DateTime, DateTimeTextCodec>(property),
                ColumnKind.DateTimeOffset => Make<T, DateTimeOffset, DateTimeOffsetCodec>(property),
                ColumnKind.TimeSpan => Make<T, TimeSpan, TimeSpanCodec>(property),
#if NET
                ColumnKind.DateOnly => Make<T, DateOnly, DateOnlyCodec>(property),
                ColumnKind.TimeOnly => Make<T, TimeOnly, TimeOnlyCodec>(property),
#endif
                _ => throw new InvalidOperationException($"No accessor for {kind}."),
            };
        }

        return kind switch
        {
            ColumnKind.String => Make<T, string?, StringCodec>(property),
            ColumnKind.Blob => Make<T, byte[]?, BlobCodec>(property),
            ColumnKind.Uri => Make<T, Uri?, UriCodec>(property),
            ColumnKind.StringBuilder => Make<T, System.Text.StringBuilder?, StringBuilderCodec>(property),
            ColumnKind.Boolean => Make<T, bool?, NullableBooleanCodec>(property),
            ColumnKind.Byte => Make<T, byte?, NullableByteCodec>(property),
            ColumnKind.SByte => Make<T, sbyte?, NullableSByteCodec>(property),
            ColumnKind.Int16 => Make<T, short?, NullableInt16Codec>(property),
            ColumnKind.UInt16 => Make<T, ushort?, NullableUInt16Codec>(property),
            ColumnKind.Int32 => Make<T, int?, NullableInt32Codec>(property),
            ColumnKind.UInt32 => Make<T, uint?, NullableUInt32Codec>(property),
            ColumnKind.Int64 => Make<T, long?, NullableInt64Codec>(property),
            ColumnKind.UInt64 => Make<T, ulong?, NullableUInt64Codec>(property),
            ColumnKind.Single => Make<T, float?, NullableSingleCodec>(property),
            ColumnKind.Double => Make<T, double?, NullableDoubleCodec>(property),
            ColumnKind.Decimal => Make<T, decimal?, NullableDecimalCodec>(property),
            ColumnKind.Char => Make<T, char?, NullableCharCodec>(property),
            ColumnKind.Guid => Make<T, Guid?, NullableGuidCodec>(property),
            ColumnKind.DateTime => Make<T, DateTime?, NullableDateTimeCodec>(property),
            ColumnKind.DateTimeText => Make<T, DateTime?, NullableDateTimeTextCodec>(property),
            ColumnKind.DateTimeOffset => Make<T, DateTimeOffset?, NullableDateTimeOffsetCodec>(property),
            ColumnKind.TimeSpan => Make<T, TimeSpan?, NullableTimeSpanCodec>(property),
#if NET
            ColumnKind.DateOnly => Make<T, DateOnly?, NullableDateOnlyCodec>(property),
            ColumnKind.TimeOnly => Make<T, TimeOnly?, NullableTimeOnlyCodec>(property),
#endif
            _ => throw new InvalidOperationException($"No accessor for nullable {kind}."),
        };
    }

    private static MemberAccessor<T> Make<T, TValue, TCodec>(PropertyInfo property)
        where TCodec : struct, IValueCodec<TValue>
    {
        // Open-instance delegates over the accessor methods: a direct call per access, no boxing.
        var get = property.GetMethod!.CreateDelegate<Func<T, TValue>>();
        var setter = property.GetSetMethod(nonPublic: true);
        var set = setter?.CreateDelegate<Action<T, TValue>>();
        return new ValueAccessor<T, TValue, TCodec>(get, set);
    }

    private static string Display(Type type) => Nullable.GetUnderlyingType(type) is { } u ? u.Name + "?" : type.Name;
}
