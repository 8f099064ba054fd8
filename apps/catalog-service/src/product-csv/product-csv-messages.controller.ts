import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Pattern, type PatternRequest, type ProductCsvRow, type ProductImportReport } from '@shop/contracts';
import { Handles } from '@shop/server-messaging';
import { ProductCsvService } from './product-csv.service';

/** The owner's products file (issue 26), through the gateway: the export's rows and the import. */
@Controller()
export class ProductCsvMessagesController {
  constructor(private readonly csv: ProductCsvService) {}

  @Handles(Pattern.ProductsExport)
  export(): Promise<ProductCsvRow[]> {
    return this.csv.export();
  }

  @Handles(Pattern.ProductsImport)
  import(@Payload() payload: PatternRequest<typeof Pattern.ProductsImport>): Promise<ProductImportReport> {
    return this.csv.import(payload);
  }
}
