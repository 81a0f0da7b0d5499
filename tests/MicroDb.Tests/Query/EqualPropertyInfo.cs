using System.Globalization;
using System.Reflection;

namespace MicroDb.Tests.Query;

/// <summary>
/// A property seen through a new <see cref="PropertyInfo"/> instance that equals the real one's other views but is not
/// the same object: what NativeAOT hands each expression tree the compiler builds (under the JIT, reflection's caches
/// give every tree the same instance).
/// </summary>
/// <param name="inner">The real property.</param>
internal sealed class EqualPropertyInfo(PropertyInfo inner) : PropertyInfo
{
    public PropertyInfo Inner => inner;

    public override PropertyAttributes Attributes => inner.Attributes;

    public override bool CanRead => inner.CanRead;

    public override bool CanWrite => inner.CanWrite;

    public override Type PropertyType => inner.PropertyType;

    public override Type? DeclaringType => inner.DeclaringType;

    public override string Name => inner.Name;

    public override Type? ReflectedType => inner.ReflectedType;

    public override MethodInfo[] GetAccessors(bool nonPublic) => inner.GetAccessors(nonPublic);

    public override MethodInfo? GetGetMethod(bool nonPublic) => inner.GetGetMethod(nonPublic);

    public override MethodInfo? GetSetMethod(bool nonPublic) => inner.GetSetMethod(nonPublic);

    public override ParameterInfo[] GetIndexParameters() => inner.GetIndexParameters();

    public override object? GetValue(object? obj, BindingFlags invokeAttr, Binder? binder, object?[]? index, CultureInfo? culture) =>
        inner.GetValue(obj, invokeAttr, binder, index, culture);

    public override void SetValue(object? obj, object? value, BindingFlags invokeAttr, Binder? binder, object?[]? index, CultureInfo? culture) =>
        inner.SetValue(obj, value, invokeAttr, binder, index, culture);

    public override object[] GetCustomAttributes(bool inherit) => inner.GetCustomAttributes(inherit);

    public override object[] GetCustomAttributes(Type attributeType, bool inherit) => inner.GetCustomAttributes(attributeType, inherit);

    public override bool IsDefined(Type attributeType, bool inherit) => inner.IsDefined(attributeType, inherit);

    public override bool Equals(object? obj) => obj is EqualPropertyInfo other ? other.Inner.Equals(inner) : inner.Equals(obj);

    public override int GetHashCode() => inner.GetHashCode();
}
