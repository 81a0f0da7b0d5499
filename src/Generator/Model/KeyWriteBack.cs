namespace MicroDb.Generator.Model;

/// <summary>How <c>SetGeneratedKey</c> stores a new row id into the key member.</summary>
internal enum KeyWriteBack
{
    /// <summary>Not an auto-incremented key.</summary>
    None,

    /// <summary>Through the accessible setter.</summary>
    Setter,

    /// <summary>Through an <c>[UnsafeAccessor]</c> for <c>set_Prop</c> (private or init-only setters).</summary>
    UnsafeSetter,

    /// <summary>Through an <c>[UnsafeAccessor]</c> for the auto-property's backing field (get-only, constructor-set keys).</summary>
    UnsafeBackingField,
}
