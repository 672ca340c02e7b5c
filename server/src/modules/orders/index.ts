/**
 * The orders module's public face (docs/architecture.md#server-modules-and-their-edges): the
 * customer's order routes; the one order mapper and the order timeline, which the admin's
 * order lists share (docs/product.md#the-tailoring-workflow); an order line's name in a mail's
 * language; order numbers for tools; and who may see a customer's private pictures, and the
 * sweep of unused ones (docs/security.md#private-pictures); the tracking page of a shared link
 * (docs/product.md#sharing-an-orders-progress).
 */
export { ordersRoutes } from './orders.routes.js';
export { ORDER_NUMBER_ALPHABET } from './place-order.js';
export { toOrderApi, toStateCounts } from './orders.mapper.js';
export { linesOf } from './orders.service.js';
export { recordOrderEvent, timelinesOf, type OrderEventRow } from './order-events.js';
export { renderBill } from './bill.pdf.js';
export { getHsnCodes, hsnOfProducts, setHsnCodes } from './hsn-codes.js';
export { financialYearOf, nextBillNumber, paymentsOf, toPaymentApi, type PaymentRow } from './payments.js';
export { garmentPicture, STEP_NAMES, timelineTable } from './timeline.mail.js';
export { mayViewPrivatePicture, privatePictureUrl, sweepUnusedReferencePictures, UNUSED_PICTURE_TTL_MS } from './private-pictures.js';
export { dateLines, itemName } from './orders.mail.js';
export { orderRisk, withinAYear } from './ready-by.js';
export { appointmentMails, bookAppointment, cancelAppointment, type AppointmentOutcome } from './appointments.js';
export { reaskedSignOff, signOffAskMail, withSignOffStep } from './sign-off.js';
export { trackPageRoutes } from './share-link.routes.js';
export { alterationsOf, toAlterationApi } from './alterations.js';
export { alterationStepMail, type AlterationGarment } from './alterations.mail.js';
