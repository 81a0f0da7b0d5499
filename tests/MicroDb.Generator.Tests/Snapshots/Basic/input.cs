using MicroDb;

namespace Shop;

[Table("products")]
public class Product
{
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    [MaxLength(100), Indexed, Collation("NOCASE")]
    public string Name { get; set; } = "";

    [Column("unit_price"), NotNull]
    public decimal Price { get; set; }

    [Indexed("IX_products_cat_sku", 2)]
    public string? Category { get; set; }

    [Unique(Name = "IX_products_cat_sku", Order = 1)]
    public int Sku { get; set; }

    [Ignore]
    public string? Notes { get; set; }

    // Computed: get-only and no constructor parameter, so it must be [Ignore]d (both mapping paths agree).
    [Ignore]
    public decimal PriceWithTax => Price * 1.2m;
}
