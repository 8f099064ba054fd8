import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type MessageMap, Pattern, type Product } from '@shop/contracts';
import { ProductService } from './product.service';

@Controller()
export class ProductsMessagesController {
  constructor(private readonly productService: ProductService) {}

  @MessagePattern(Pattern.ProductsList)
  list(): Promise<Product[]> {
    return this.productService.list();
  }

  @MessagePattern(Pattern.ProductsGet)
  get(@Payload() payload: MessageMap[typeof Pattern.ProductsGet]['request']): Promise<Product> {
    return this.productService.get(String(payload?.id ?? ''));
  }
}
