import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type MessageMap, Pattern, type Product, type ProductPage, type ProductSummary } from '@shop/contracts';
import { ProductService } from './product.service';

type Req<P extends keyof MessageMap> = MessageMap[P]['request'];

@Controller()
export class ProductsMessagesController {
  constructor(private readonly productService: ProductService) {}

  @MessagePattern(Pattern.ProductsList)
  list(): Promise<ProductSummary[]> {
    return this.productService.list();
  }

  @MessagePattern(Pattern.ProductsPage)
  page(@Payload() payload: Req<typeof Pattern.ProductsPage>): Promise<ProductPage> {
    return this.productService.page(payload?.query);
  }

  @MessagePattern(Pattern.ProductsTypes)
  types(): Promise<string[]> {
    return this.productService.types();
  }

  @MessagePattern(Pattern.ProductsRestock)
  restock(@Payload() payload: Req<typeof Pattern.ProductsRestock>): Promise<ProductSummary[]> {
    return this.productService.restock(payload?.q);
  }

  @MessagePattern(Pattern.ProductsGet)
  get(@Payload() payload: Req<typeof Pattern.ProductsGet>): Promise<Product> {
    return this.productService.get(String(payload?.id ?? ''), typeof payload?.visitorId === 'string' ? payload.visitorId : undefined);
  }

  @MessagePattern(Pattern.ProductsCreate)
  create(@Payload() payload: Req<typeof Pattern.ProductsCreate>): Promise<Product> {
    return this.productService.create(payload?.product);
  }

  @MessagePattern(Pattern.ProductsUpdate)
  update(@Payload() payload: Req<typeof Pattern.ProductsUpdate>): Promise<Product> {
    return this.productService.update(String(payload?.id ?? ''), payload?.product);
  }

  @MessagePattern(Pattern.ProductsDelete)
  remove(@Payload() payload: Req<typeof Pattern.ProductsDelete>): Promise<{ message: string }> {
    return this.productService.remove(String(payload?.id ?? ''));
  }
}
