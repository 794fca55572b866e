import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addProductQuerySchema,
  adminProductBodySchema,
  deletedProductImageResponseSchema,
  deleteProductResponseSchema,
  editedProductResponseSchema,
  editProductBodySchema,
  imageFromLinkBodySchema,
  productImageDeleteQuerySchema,
  productImageParamsSchema,
  productVersionSchema,
  productImagesResponseSchema,
  savedProductResponseSchema,
  shopPathParamsSchema,
  tiptapDeleteImageBodySchema,
  tiptapUploadResponseSchema,
  uploadImagesResponseSchema,
} from '../../../shared/schemas/admin.js';
import { categoriesResponseSchema, nextIdResponseSchema } from '../../../shared/schemas/catalog.js';
import { okSchema, productIdSchema, shopKeySchema, shopQuerySchema } from '../../../shared/schemas/common.js';
import { badRequest } from '../../http/errors.js';
import { readMultipartForm } from '../../http/multipart.js';
import { registerMultipart } from '../../plugins/multipart.js';
import { errorResponses, imageResponse, tagRoutes, uploadedFile } from '../../http/openapi.js';
import { requireAdmin, staffActor } from '../admin-auth/index.js';
import { createLinkFetcher } from '../images/index.js';
import * as catalog from '../catalog/index.js';
import * as admin from './service.js';

/** Fields of the upload form besides the files (docs/product.md §7: productId, shopType, and rate for rated shops). */
const uploadFieldsSchema = z.object({
  productId: productIdSchema,
  shopType: shopKeySchema.default('default'),
  /** Sent by the add form: refuse rather than append when the product already exists. */
  forNewProduct: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  /** The Edit form's version, answered with the product's new one while it is current. */
  updated_at: productVersionSchema.optional(),
});

/** The upload forms as the document describes them (the handler reads them itself, readMultipartForm). */
const uploadFormSchema = uploadFieldsSchema.extend({
  images: z.array(uploadedFile).describe('The pictures, in the field "images" (up to 20 per form).'),
});
const descriptionImageFormSchema = z.object({ image: uploadedFile });

function formFields<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.output<T> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw badRequest(`Invalid field "${issue.path.join('.')}": ${issue.message}.`);
}

export const productEditorRoutes: FastifyPluginAsyncZod = async (app) => {
  requireAdmin(app);
  tagRoutes(app, 'product-editor');
  await registerMultipart(app);
  const { db, config } = app.deps;
  const imagesDir = config.imagesDir;
  const fetchImageFromLink = createLinkFetcher({ allowPrivate: config.IMAGE_LINKS_ALLOW_PRIVATE });

  app.get(
    '/api/next-id',
    {
      schema: {
        summary: 'The next free product ID of a shop',
        operationId: 'getNextProductId',
        querystring: shopQuerySchema,
        response: { 200: nextIdResponseSchema },
      },
    },
    async (request) => ({ nextId: await catalog.getNextId(db, request.query.shop) }),
  );

  app.get(
    '/api/categories',
    {
      schema: {
        summary: 'The categories a shop’s products use',
        operationId: 'listCategories',
        querystring: shopQuerySchema,
        response: { 200: categoriesResponseSchema },
      },
    },
    async (request) => catalog.getCategories(db, request.query.shop),
  );

  app.post(
    '/api/add-product',
    {
      schema: {
        summary: 'Adds a product',
        operationId: 'addProduct',
        querystring: addProductQuerySchema,
        body: adminProductBodySchema,
        response: { 201: savedProductResponseSchema, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const id = await admin.createProduct(
        db,
        imagesDir,
        request.query.shop,
        request.body,
        staffActor(request),
      );
      return reply.code(201).send({ ok: true, id });
    },
  );

  app.put(
    '/api/edit-product/:shop/:id',
    {
      schema: {
        summary: 'Saves a product’s edit (refused when it changed since the form read it)',
        operationId: 'editProduct',
        params: shopPathParamsSchema,
        body: editProductBodySchema,
        response: { 200: editedProductResponseSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const shop = admin.shopFromPath(request.params.shop);
      const { id } = request.params;
      const version = await admin.updateProduct(
        db,
        imagesDir,
        shop.key,
        id,
        request.body,
        staffActor(request),
      );
      return { ok: true as const, id: request.params.id, updated_at: version };
    },
  );

  app.delete(
    '/api/delete-product/:shop/:id',
    {
      schema: {
        summary: 'Deletes a product with its pictures',
        operationId: 'deleteProduct',
        params: shopPathParamsSchema,
        response: { 200: deleteProductResponseSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const shop = admin.shopFromPath(request.params.shop);
      await admin.deleteProduct(db, imagesDir, shop.key, request.params.id, staffActor(request));
      return { ok: true as const, message: `Product with ID ${request.params.id} has been deleted` };
    },
  );

  app.get(
    '/api/product-images/:shop/:id',
    {
      schema: {
        summary: 'The names of a product’s gallery pictures',
        operationId: 'listProductImages',
        params: shopPathParamsSchema,
        response: { 200: productImagesResponseSchema },
      },
    },
    async (request) => {
      const shop = admin.shopFromPath(request.params.shop);
      return { images: await admin.listProductImages(imagesDir, shop.key, request.params.id) };
    },
  );

  app.delete(
    '/api/product-images/:shop/:id/:fileName',
    {
      schema: {
        summary: 'Deletes one gallery picture',
        operationId: 'deleteProductImage',
        params: productImageParamsSchema,
        querystring: productImageDeleteQuerySchema,
        response: { 200: deletedProductImageResponseSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const { id, fileName } = request.params;
      const shop = admin.shopFromPath(request.params.shop);
      const held = request.query.updated_at;
      return admin.deleteProductImage(db, imagesDir, shop.key, id, fileName, held, staffActor(request));
    },
  );

  app.post(
    '/api/upload-images',
    {
      schema: {
        summary: 'Uploads gallery pictures (a new product’s, or added to an existing one’s)',
        operationId: 'uploadProductImages',
        consumes: ['multipart/form-data'],
        documentedBody: uploadFormSchema,
        response: { 200: uploadImagesResponseSchema, ...errorResponses(409) },
      },
    },
    async (request) => {
      const form = await readMultipartForm(request, 'images');
      const { productId, shopType, forNewProduct, updated_at } = formFields(uploadFieldsSchema, form.fields);
      const stored = await admin.uploadProductImages(db, imagesDir, shopType, productId, form.files, {
        forNewProduct: forNewProduct === 'true',
        heldVersion: updated_at,
        actor: staffActor(request),
      });
      return { ok: true as const, ...stored };
    },
  );

  app.post(
    '/api/tiptap-upload-image/:shop/:id',
    {
      schema: {
        summary: 'Uploads a picture for a product’s description',
        operationId: 'uploadDescriptionImage',
        params: shopPathParamsSchema,
        consumes: ['multipart/form-data'],
        documentedBody: descriptionImageFormSchema,
        response: { 200: tiptapUploadResponseSchema },
      },
    },
    async (request) => {
      const shop = admin.shopFromPath(request.params.shop);
      const form = await readMultipartForm(request, 'image');
      return {
        imageUrl: await admin.uploadDescriptionImage(imagesDir, shop.key, request.params.id, form.files[0]),
      };
    },
  );

  app.post(
    '/api/tiptap-delete-image',
    {
      schema: {
        summary: 'Deletes a picture of a product’s description',
        operationId: 'deleteDescriptionImage',
        body: tiptapDeleteImageBodySchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await admin.deleteDescriptionImage(imagesDir, request.body.src);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/image-from-link',
    {
      schema: {
        summary: 'Fetches a picture from a web address, as WebP',
        operationId: 'fetchImageFromLink',
        body: imageFromLinkBodySchema,
        response: { 200: imageResponse, ...errorResponses(504) },
      },
    },
    async (request, reply) => {
      const image = await fetchImageFromLink(request.body.url);
      return reply.type('image/webp').header('Cache-Control', 'no-store').send(image);
    },
  );

  app.delete(
    '/api/tiptap-delete-folder/:shop/:id',
    {
      schema: {
        summary: 'Deletes every picture of a product’s description',
        operationId: 'deleteDescriptionImages',
        params: shopPathParamsSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const shop = admin.shopFromPath(request.params.shop);
      await admin.deleteDescriptionFolder(imagesDir, shop.key, request.params.id);
      return { ok: true as const };
    },
  );
};
