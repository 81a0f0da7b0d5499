using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using MicroDb.Mapping;

namespace SQLite;

public partial class TableMapping
{
    /// <summary>One mapped column, with sqlite-net's shape.</summary>
    public class Column
    {
        private readonly TableMapping _table;
        private readonly int _ordinal;

        internal Column(TableMapping table, ColumnMapping column, CreateFlags createFlags)
        {
            _table = table;
            _ordinal = column.Ordinal;
            Source = column;
            Name = column.Name;
            PropertyName = column.MemberName;
            PropertyInfo = FindProperty(table.MappedType, column.MemberName, out var depth);
            Depth = depth;
            // Under trimming the property may be gone (generated maps never need it): the kind still names the type.
            var memberType = PropertyInfo?.PropertyType;
            ColumnType = memberType is null ? ColumnKindTypes.MemberType(column.Kind) : Nullable.GetUnderlyingType(memberType) ?? memberType;
            Collation = column.Collation ?? "";
            MaxStringLength = column.MaxLength;
            // sqlite-net reads [StoreAsText] from the member's own type, so a nullable enum is not marked (its values are still written as names).
            StoreAsText = column.Kind == ColumnKind.EnumText && !column.IsNullable;

            IsPK = column.IsPrimaryKey
                || ((createFlags & CreateFlags.ImplicitPK) == CreateFlags.ImplicitPK && string.Equals(column.MemberName, Orm.ImplicitPkName, StringComparison.OrdinalIgnoreCase));
            var isAuto = column.IsAutoIncrement || (IsPK && (createFlags & CreateFlags.AutoIncPK) == CreateFlags.AutoIncPK);
            IsAutoGuid = isAuto && column.Kind == ColumnKind.Guid;
            IsAutoInc = isAuto && !IsAutoGuid;
            IsNullable = !(IsPK || column.IsNotNull);

            var indices = new List<IndexedAttribute>();
            // As sqlite-net, one attribute per [Indexed]/[Unique] on the member, with its declared name and order.
            // Distinct: a model carrying both sqlite-net-pcl's and this package's attribute declares the same index twice.
            foreach (var declaration in table.Map.Table.IndexDeclarations.Distinct())
            {
                if (!string.Equals(declaration.ColumnName, column.Name, StringComparison.OrdinalIgnoreCase))
                {
                    continue;
                }

                IndexedAttribute attribute = declaration.IsUnique ? new UniqueAttribute() : new IndexedAttribute();
                attribute.Name = declaration.IndexName;
                attribute.Order = declaration.Order;
                indices.Add(attribute);
            }

            if (indices.Count == 0 && !IsPK && (createFlags & CreateFlags.ImplicitIndex) == CreateFlags.ImplicitIndex
                && Name.EndsWith(Orm.ImplicitIndexSuffix, StringComparison.OrdinalIgnoreCase))
            {
                indices.Add(new IndexedAttribute());
            }

            Indices = indices;
        }

        /// <summary>The column name.</summary>
        public string Name { get; private set; }

        /// <summary>The mapped property.</summary>
        public PropertyInfo PropertyInfo { get; private set; }

        /// <summary>The mapped property's name.</summary>
        public string PropertyName { get; private set; }

        /// <summary>The property type, without <see cref="Nullable{T}"/>.</summary>
        public Type ColumnType { get; private set; }

        /// <summary>The declared collation, or an empty string.</summary>
        public string Collation { get; private set; }

        /// <summary>Whether SQLite assigns the value on insert (an integer primary key).</summary>
        public bool IsAutoInc { get; private set; }

        /// <summary>Whether a <see cref="Guid"/> key is assigned on insert when empty.</summary>
        public bool IsAutoGuid { get; private set; }

        /// <summary>Whether this is the primary key.</summary>
        public bool IsPK { get; private set; }

        /// <summary>The indexes the column is in.</summary>
        public IEnumerable<IndexedAttribute> Indices { get; set; }

        /// <summary>Whether the column may hold null (not the key, not <c>[NotNull]</c>).</summary>
        public bool IsNullable { get; private set; }

        /// <summary>The declared <c>varchar</c> length, or null.</summary>
        public int? MaxStringLength { get; private set; }

        /// <summary>Whether an enum is stored by name.</summary>
        public bool StoreAsText { get; private set; }

        internal ColumnMapping Source { get; }

        /// <summary>How many classes up from the mapped type the property is declared (0: on the type itself).</summary>
        internal int Depth { get; }

        /// <summary>Writes <paramref name="val"/> to the property of <paramref name="obj"/>.</summary>
        /// <param name="obj">The object.</param>
        /// <param name="val">The value; a number is converted for an enum property.</param>
        public void SetValue(object obj, object val)
        {
            if (PropertyInfo is null)
            {
                throw new NotSupportedException($"Property '{PropertyName}' of '{_table.MappedType.FullName}' was removed by trimming, so it cannot be set by reflection. Keep it (e.g. [DynamicDependency]) or set it in code.");
            }

            if (val is not null && ColumnType.IsEnum)
            {
                val = Enum.ToObject(ColumnType, val);
            }

            PropertyInfo.SetValue(obj, val);
        }

        /// <summary>Reads the property of <paramref name="obj"/>.</summary>
        /// <param name="obj">The object.</param>
        /// <returns>The value.</returns>
        public object GetValue(object obj) => _table.Map.GetValue(obj, _ordinal);

        // sqlite-net exposes the PropertyInfo; MicroDb reads and writes columns through its map, so a property trimming
        // removed only leaves PropertyInfo null (and SetValue refusing), never a wrong value.
        [UnconditionalSuppressMessage("Trimming", "IL2070", Justification = "Informational lookup; columns are read and written through MicroDb's map, and a trimmed property yields null.")]
        [UnconditionalSuppressMessage("Trimming", "IL2075", Justification = "As above, for the base classes.")]
        private static PropertyInfo FindProperty(Type type, string name, out int depth)
        {
            depth = 0;
            for (var level = type; level is not null; level = level.BaseType, depth++)
            {
                var property = level.GetProperty(name, BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance | BindingFlags.DeclaredOnly);
                if (property is not null)
                {
                    return property;
                }
            }

            depth = 0;
            return null;
        }
    }
}
