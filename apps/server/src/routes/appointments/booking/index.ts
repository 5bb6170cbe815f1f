import type { FastifyInstance } from 'fastify';
import { appointmentRoutes } from './appointments';
import { appointmentListRoutes } from './appointment-list';
import { counterBookingRoutes } from './counter-booking';

/** Online appointments, the appointment list and counter booking (spec part 3). */
export async function appointmentsArea(app: FastifyInstance): Promise<void> {
  await app.register(appointmentRoutes);
  await app.register(appointmentListRoutes);
  await app.register(counterBookingRoutes);
}
